// The version the health endpoint reports: the package's, read at build time (the bundle inlines it).
import packageJson from '../../package.json';

export const NOTIFY_VERSION: string = packageJson.version;
