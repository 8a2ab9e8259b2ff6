export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem', maxWidth: 720 }}>
      <h1>Paydesk</h1>
      <p>
        The back-office desk for card payments and identity checks: support staff key in card payments taken
        over the phone, compliance staff upload batches of KYC records, and everyone can review what was sent
        to the gateway and what came back.
      </p>
    </main>
  );
}
