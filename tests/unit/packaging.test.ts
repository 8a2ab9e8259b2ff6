// The packaging configuration: targets per platform and the Electron fuses that close the ways to run the
// shipped binary as a plain Node (RunAsNode, NODE_OPTIONS, --inspect). The packaged app cannot be built here
// (Electron's binary cannot be downloaded), so this checks what electron-builder will apply.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const config = JSON.parse(readFileSync(new URL('../../electron-builder.json', import.meta.url), 'utf8')) as {
  electronFuses: Record<string, boolean>;
  files: string[];
  linux: { target: string[] };
  mac: { target: string[] };
  win: { target: string[] };
};

describe('electron-builder configuration', () => {
  it('turns off the fuses that let the app binary run as Node or take inspector and NODE_OPTIONS flags', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      // The renderer is served from app:// (src/main/electron/renderer-protocol.ts), so file:// needs no extra privileges.
      grantFileProtocolExtraPrivileges: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
    });
  });

  it('builds AppImage and deb, dmg, and nsis', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
  });

  it('ships the built app only: never the sources, tests or the browser harness script', () => {
    expect(config.files).toEqual(['out/**/*', 'package.json']);
  });

  it('uses only fuse names that electron-builder knows', () => {
    const scheme = JSON.parse(
      readFileSync(new URL('../../node_modules/app-builder-lib/scheme.json', import.meta.url), 'utf8'),
    ) as { definitions: Record<string, { properties?: Record<string, unknown> }> };
    const fuseOptions = Object.values(scheme.definitions).find(
      (definition) => definition.properties?.runAsNode,
    );
    for (const name of Object.keys(config.electronFuses))
      expect(Object.keys(fuseOptions?.properties ?? {})).toContain(name);
  });
});
