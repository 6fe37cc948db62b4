import { inflateSync } from 'node:zlib';

/**
 * Reads the text back out of a PDF pdfkit wrote (tests only): inflates its streams, builds the glyph →
 * Unicode map from each embedded font's ToUnicode CMap, and decodes the hex strings of TJ/Tj operators.
 * One line per text object. Enough to check what a statement says without a PDF library.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const re = /(?<!end)stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const body = Buffer.from(raw.slice(start, end), 'latin1');
    try {
      streams.push(inflateSync(body).toString('latin1'));
    } catch {
      streams.push(body.toString('latin1'));
    }
    re.lastIndex = end;
  }
  const utf16 = (hex: string) => {
    const bytes = Buffer.from(hex, 'hex');
    let out = '';
    for (let i = 0; i + 1 < bytes.length; i += 2) out += String.fromCharCode(bytes.readUInt16BE(i));
    return out;
  };
  const glyphs = new Map<number, string>();
  for (const s of streams.filter((x) => x.includes('begincmap'))) {
    for (const block of s.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const line of block[1]!.split('\n')) {
        const m = /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[.*\]|<[0-9a-fA-F]+>)/.exec(line);
        if (!m) continue;
        const lo = parseInt(m[1]!, 16);
        const hi = parseInt(m[2]!, 16);
        if (m[3]!.startsWith('[')) {
          const targets = [...m[3]!.matchAll(/<([0-9a-fA-F]+)>/g)].map((t) => utf16(t[1]!));
          targets.forEach((t, i) => glyphs.set(lo + i, t));
        } else {
          const base = utf16(m[3]!.slice(1, -1));
          for (let g = lo; g <= hi; g++) glyphs.set(g, String.fromCharCode(base.charCodeAt(0) + (g - lo)));
        }
      }
    }
    for (const block of s.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
        glyphs.set(parseInt(m[1]!, 16), utf16(m[2]!));
    }
  }
  const lines: string[] = [];
  for (const s of streams.filter((x) => x.includes('BT'))) {
    for (const bt of s.matchAll(/BT([\s\S]*?)ET/g)) {
      let line = '';
      for (const hex of bt[1]!.matchAll(/<([0-9a-fA-F]+)>/g)) {
        for (let i = 0; i + 3 < hex[1]!.length; i += 4)
          line += glyphs.get(parseInt(hex[1]!.slice(i, i + 4), 16)) ?? '?';
      }
      lines.push(line);
    }
  }
  return lines.join('\n');
}
