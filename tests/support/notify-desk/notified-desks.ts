// Team desks that hear the gateway's notifications, for one test file: the file's team database (a private
// cluster), each desk's home folder, starting and stopping them, and the notification service's own role
// (it may only INSERT) with the owner's connection to read ids. Everything is closed after the file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach } from 'vitest';
import type { Fixture } from '../app/paydesk-fixture';
import { teamForThisFile } from '../team/team-desk';
import { connectAs, deskHome, startNotifiedDesk } from './notify-desk';

export function notifiedDesksForThisFile(options: { folderPrefix: string; notifyRole: string }) {
  const setup = teamForThisFile();
  const started: Fixture[] = [];
  const folders: string[] = [];
  const clients: pg.Client[] = [];

  afterEach(async () => {
    for (const fx of started.splice(0)) await fx.close();
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) await client.end().catch(() => undefined);
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  let roles: { notify: pg.Client; owner: pg.Client } | undefined;

  async function home(role: string, deskName: string) {
    const folder = mkdtempSync(join(tmpdir(), options.folderPrefix));
    folders.push(folder);
    return deskHome(await setup.team.addDesk(role), deskName, folder);
  }

  return {
    setup,
    home,
    async start(deskHomeOf: Awaited<ReturnType<typeof home>>): Promise<Fixture> {
      const fx = await startNotifiedDesk(deskHomeOf);
      started.push(fx);
      return fx;
    },
    async stop(fx: Fixture): Promise<void> {
      started.splice(started.indexOf(fx), 1);
      await fx.close();
    },
    /** The notification service's connection (its role may only INSERT), and the owner's to read ids. */
    async notifyRole(): Promise<{ notify: pg.Client; owner: pg.Client }> {
      if (!roles) {
        roles = {
          notify: await connectAs(await setup.team.addNotify(options.notifyRole)),
          owner: await connectAs(setup.team.owner),
        };
        clients.push(roles.notify, roles.owner);
      }
      return roles;
    },
    /** A connection of the database's owner of its own, closed after the file. */
    async ownerRole(): Promise<pg.Client> {
      const client = await connectAs(setup.team.owner);
      clients.push(client);
      return client;
    },
  };
}
