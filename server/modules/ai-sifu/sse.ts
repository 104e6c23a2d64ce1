/**
 * Reads Server-Sent Events as text arrives in pieces and gives back the data of each complete
 * event (its `data:` lines joined by newlines). Comments, `event:`, `id:` and `retry:` lines are
 * skipped: a chat completion stream carries everything in its data.
 */
export function createSseParser() {
  let buffer = '';
  let data: string[] = [];

  function line(text: string, events: string[]) {
    if (text === '') {
      if (data.length > 0) events.push(data.join('\n'));
      data = [];
    } else if (text.startsWith('data:')) {
      const value = text.slice(5);
      data.push(value.startsWith(' ') ? value.slice(1) : value);
    }
  }

  return {
    push(piece: string): string[] {
      const events: string[] = [];
      buffer += piece;
      let end: number;
      while ((end = buffer.search(/\r\n|\r|\n/)) !== -1) {
        // A lone \r at the end may be the first half of \r\n: wait for the next piece.
        if (buffer[end] === '\r' && end === buffer.length - 1) break;
        line(buffer.slice(0, end), events);
        buffer = buffer.slice(buffer.startsWith('\r\n', end) ? end + 2 : end + 1);
      }
      return events;
    },
    /** The last event, when the stream ends without the blank line after it. */
    end(): string[] {
      const events: string[] = [];
      if (buffer) line(buffer, events);
      buffer = '';
      line('', events);
      return events;
    },
  };
}
