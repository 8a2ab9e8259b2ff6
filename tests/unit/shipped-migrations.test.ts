// A shipped migration runs again on every file or database that has not had it yet, so its SQL must stay
// exactly as it shipped. Parts of it are built by helpers (a trigger or policy written once for several
// tables): this pins each shipped migration's text, so that a change to a helper cannot change one. A new
// migration adds its line here once it has shipped.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WRITTEN_MIGRATIONS } from '../../src/main/history/store/migrations';
import { TEAM_MIGRATIONS } from '../../src/main/team/team-migrations';

const HISTORY_SHIPPED: Readonly<Record<number, string>> = {
  1: '26b4e45ad36fbac5ba6e1bd08b051e62c48fe151b62382a0b245036cac202935',
  2: 'e52661fc84ab0786030647341461b6559365af8d9de04d8abec9f6a6e0c5b013',
  3: 'a25db464126b1c9d6ea8b0ef8db2ffde22dc096434879f2d071fc44b09105fca',
  4: 'e3975741f9d2da8f68bae7f07017bf4004b427a7ad354e38feb66ce9d92b3de9',
  5: '8f968d7b7f6456bae3ecdf02afb726f935b863e2d41c0d4243f6eb8198e0e297',
  6: 'b04d8feedba146dcdd0ab00e65398c82b24020c418690c2886ca8791577d6db8',
  7: '418b44b340b32b1717cad808a598cf5cc7c11a3f5e8b1165826c3d8b8c978f33',
  8: 'ceb2e7217a74e167c10dba7fb861bd8615b7e258965188a1c63d91349e5ab438',
  9: 'f02786da3987b0e1e5946725c12a939b44b8bccfaa8c78acb87450b0eb9bc47a',
  10: '64c73c39a5a0ece8121b3577e8c1b4bff254c10d043f121057054db29d07b759',
  11: '7769bd89a92e607737fd21af7d79b66433f5d4b40eb88ebfaea1ec3ea2eb9ebd',
  12: 'fa837b271e65834f6d7293b8ad1ca01712f520acb340952d5c8d2a0bfe6e3017',
};

const TEAM_SHIPPED: Readonly<Record<number, string>> = {
  1: '320a2e737b109936ba81ab09ecc22eb91534727cff73b58e432fcecfbb309e9a',
  2: 'df4f619fd165cf5dab58efa632236d2f8784117c38015fcbee324bab40207048',
  3: '9efbb965c9ad7670190642a3b9a8d79c31fd0ce7364242c1d4f6d6f254b999fb',
  4: '13526eb35e0d60ffcb8d53d34ffa47e0b1ecb14400cfe11291fede47af41de6c',
  5: 'f75130be8b8a61b2225e33b4b579d883cb34b1e53a6c79cd94213c58e8ae1825',
  6: '7a87ad8e4ec797d53c120f61650a19aaaaa21679920f7287a128f4fe30dfcda1',
  7: '1f4ec21d9bcb140697d0edae8bf7c822e4f12ad8926f8422982900d46b5ab6bc',
  8: 'af3286be7a113aebc62ca58968e16e8a0af029e195859ab8a78cd49033e15229',
  9: 'a10507ae0af1de66590b3a1dd3937c788f6bd8c35dc581f0f802579454d6b0ca',
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each([
  ['history file', WRITTEN_MIGRATIONS, HISTORY_SHIPPED],
  ['team database', TEAM_MIGRATIONS, TEAM_SHIPPED],
] as const)('the %s migrations that have shipped', (_name, migrations, shipped) => {
  it('are all still there, each with the SQL it shipped with, to the byte', () => {
    const texts = Object.fromEntries(
      migrations.map((migration) => [migration.version, sha256(migration.up)]),
    );
    for (const [version, digest] of Object.entries(shipped))
      expect(texts[version], `migration ${version}`).toBe(digest);
  });
});
