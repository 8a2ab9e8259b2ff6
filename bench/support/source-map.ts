// Reads a build's source map (version 3) without a dependency: enough to turn a position in the minified
// bundle — where a CPU profile's samples point — back into a source file, line and name.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

interface RawSourceMap {
  sources: string[];
  names?: string[];
  mappings: string;
}

interface OriginalPosition {
  source: string;
  line: number;
  name: string | undefined;
}

/** One decoded segment: generated column, source index, source line, name index (-1: none). */
type Segment = [number, number, number, number];

function decodeLine(text: string, state: number[]): Segment[] {
  const segments: Segment[] = [];
  let column = 0;
  for (const part of text.split(',')) {
    if (part === '') continue;
    const fields: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of part) {
      const digit = DIGIT.get(char) ?? 0;
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += fields[0] ?? 0;
    if (fields.length >= 4) {
      state[0]! += fields[1]!;
      state[1]! += fields[2]!;
      state[2]! += fields[3]!;
      if (fields.length >= 5) state[3]! += fields[4]!;
      segments.push([column, state[0]!, state[1]!, fields.length >= 5 ? state[3]! : -1]);
    }
  }
  return segments;
}

export class SourceMap {
  private readonly lines: Segment[][];

  constructor(private readonly raw: RawSourceMap) {
    // Source index, source line, source column, name index carry over from line to line.
    const state = [0, 0, 0, 0];
    this.lines = raw.mappings.split(';').map((line) => decodeLine(line, state));
  }

  /** `line` 1-based, `column` 0-based, as in the bundle. */
  originalPositionFor(line: number, column: number): OriginalPosition | undefined {
    const segments = this.lines[line - 1];
    if (!segments || segments.length === 0) return undefined;
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (segments[middle]![0] <= column) low = middle;
      else high = middle - 1;
    }
    const segment = segments[low]!;
    if (segment[0] > column) return undefined;
    return {
      source: this.raw.sources[segment[1]] ?? '?',
      line: segment[2] + 1,
      name: segment[3] >= 0 ? this.raw.names?.[segment[3]] : undefined,
    };
  }
}
