// Saves text as a file the browser way (a Blob behind an <a download>): works in Electron and the harness.
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: the download may still be reading the Blob.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
