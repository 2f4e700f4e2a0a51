/**
 * Word wrap for the summary, which scrolls by lines and so must know where
 * its lines break (Ink's own wrapping happens too late for that).
 */
export function wrapText(text: string, width: number, indent = ''): string[] {
  const room = Math.max(10, width - [...indent].length);
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter((w) => w !== '')) {
      let rest = word;
      // A word longer than the line is cut, so nothing runs off the screen.
      while ([...rest].length > room) {
        if (line !== '') {
          out.push(indent + line);
          line = '';
        }
        out.push(indent + [...rest].slice(0, room).join(''));
        rest = [...rest].slice(room).join('');
      }
      if (line === '') line = rest;
      else if ([...line].length + 1 + [...rest].length <= room) line = `${line} ${rest}`;
      else {
        out.push(indent + line);
        line = rest;
      }
    }
    out.push(indent + line);
  }
  return out;
}
