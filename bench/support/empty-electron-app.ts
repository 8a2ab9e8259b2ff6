// The peer of bench/startup.ts: an Electron app that only opens a window, started exactly as Paydesk's bundle
// is there (Node 24, the boot test's Electron stand-in), so that Paydesk's "main ready" minus this one's is
// the time Paydesk itself spends starting. Node runs it without a build (type stripping), as the stand-in.
import { app, BrowserWindow } from 'electron';

app.whenReady().then(() => {
  void new BrowserWindow({ show: false }).loadURL('about:blank');
});
app.on('window-all-closed', () => app.quit());
