/** One Server-Sent Event: its name (`message` when the stream gives none) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Reads a Server-Sent Events stream as its text arrives: `push` takes each piece (an event may be
 * split anywhere, even inside a line ending) and answers the events it completed; `end` answers the
 * last one if the stream stopped without its blank line. An event is dispatched when it carried
 * data; comments, `id:` and `retry:` lines are skipped.
 */
export function createSseParser() {
  let buffer = '';
  let event = '';
  let data: string[] | null = null;

  const dispatch = (events: SseEvent[]) => {
    if (data) events.push({ event: event || 'message', data: data.join('\n') });
    event = '';
    data = null;
  };

  const readLine = (line: string, events: SseEvent[]) => {
    if (line === '') return dispatch(events);
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') (data ??= []).push(value);
  };

  return {
    push(piece: string): SseEvent[] {
      buffer += piece;
      const events: SseEvent[] = [];
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        // A lone \r at the end may be the first half of \r\n: wait for the next piece.
        if (!match || (match[0] === '\r' && match.index === buffer.length - 1)) break;
        readLine(buffer.slice(0, match.index), events);
        buffer = buffer.slice(match.index + match[0].length);
      }
      return events;
    },
    end(): SseEvent[] {
      const events: SseEvent[] = [];
      if (buffer !== '') readLine(buffer.replace(/\r$/, ''), events);
      buffer = '';
      dispatch(events);
      return events;
    },
  };
}
