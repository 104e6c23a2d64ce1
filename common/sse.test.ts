import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse';

describe('createSseParser', () => {
  it('reads named events with their data', () => {
    const parser = createSseParser();
    expect(parser.push('event: delta\ndata: {"text":"Stand"}\n\nevent: answer\ndata: {"a":1}\n\n')).toEqual([
      { event: 'delta', data: '{"text":"Stand"}' },
      { event: 'answer', data: '{"a":1}' },
    ]);
  });

  it('waits for an event split across chunks, even inside a CRLF', () => {
    const parser = createSseParser();
    expect(parser.push('event: del')).toEqual([]);
    expect(parser.push('ta\r\ndata: {"text":')).toEqual([]);
    expect(parser.push('"a"}\r')).toEqual([]);
    expect(parser.push('\n\r\n')).toEqual([{ event: 'delta', data: '{"text":"a"}' }]);
  });

  it('joins data lines, skips comments and names an unnamed event "message"', () => {
    const parser = createSseParser();
    expect(parser.push(': keep-alive\n\ndata: one\ndata: two\n\n')).toEqual([
      { event: 'message', data: 'one\ntwo' },
    ]);
  });

  it('answers the last event when the stream ends without its blank line', () => {
    const parser = createSseParser();
    expect(parser.push('event: error\ndata: {"error":"x"}')).toEqual([]);
    expect(parser.end()).toEqual([{ event: 'error', data: '{"error":"x"}' }]);
  });

  it('gives the data of each event, however the bytes are split', () => {
    const stream = 'data: {"a":1}\r\n\r\n: keep-alive\n\nevent: x\ndata: one\ndata:two\n\ndata: [DONE]';
    for (let i = 0; i <= stream.length; i++) {
      const parser = createSseParser();
      const events = [...parser.push(stream.slice(0, i)), ...parser.push(stream.slice(i)), ...parser.end()];
      expect(events).toEqual([
        { event: 'message', data: '{"a":1}' },
        { event: 'x', data: 'one\ntwo' },
        { event: 'message', data: '[DONE]' },
      ]);
    }
  });

  it('dispatches no event that carried no data', () => {
    const parser = createSseParser();
    expect(parser.push('event: ping\n\nid: 7\nretry: 10\n\n')).toEqual([]);
    expect(parser.push('data\n\n')).toEqual([{ event: 'message', data: '' }]);
  });
});
