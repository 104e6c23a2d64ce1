/** Reads one password per call: typed at a terminal without echo, or a line of piped input. */
export interface PasswordPrompt {
  (question: string): Promise<string>;
  /** A person is typing (so a second entry can confirm the first). */
  interactive: boolean;
}

const ENTER = new Set(['\r', '\n']);
const BACKSPACE = new Set(['\u007f', '\b']);
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';

/** Typed input with echo off: raw mode hands over each key, and nothing is written back. */
function askHidden(input: NodeJS.ReadStream, output: NodeJS.WritableStream, question: string) {
  return new Promise<string>((resolve, reject) => {
    output.write(question);
    let typed = '';
    const finish = (rest: string[], error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      // Typed ahead (the repeated password): left for the next question.
      if (rest.length > 0) input.unshift(Buffer.from(rest.join(''), 'utf8'));
      output.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer) => {
      const chars = [...chunk.toString('utf8')];
      for (const [at, char] of chars.entries()) {
        const rest = chars.slice(at + 1);
        if (ENTER.has(char) || char === CTRL_D) return finish(rest[0] === '\n' ? rest.slice(1) : rest);
        if (char === CTRL_C) return finish([], new Error('Cancelled.'));
        if (BACKSPACE.has(char)) typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

/** Piped input is read to its end once; each call takes the next line. */
function pipedLines(input: NodeJS.ReadableStream) {
  let lines: Promise<string[]> | undefined;
  return async () => {
    lines ??= (async () => {
      let text = '';
      for await (const chunk of input) text += String(chunk);
      return text.split(/\r?\n/);
    })();
    const all = await lines;
    const line = all.shift();
    if (line === undefined || (line === '' && all.every((rest) => rest === ''))) {
      throw new Error('No password on standard input: type it at a terminal, or pipe it in as one line.');
    }
    return line;
  };
}

export function passwordPrompt(
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): PasswordPrompt {
  const interactive = Boolean(input.isTTY);
  const nextLine = interactive ? undefined : pipedLines(input);
  const prompt = (question: string) => (nextLine ? nextLine() : askHidden(input, output, question));
  return Object.assign(prompt, { interactive });
}
