import { vi } from 'vitest';
import { assertErrorContract, unstubbedCalls } from './render';

export interface UploadCall {
  path: string;
  /** The multipart fields as sent: text fields as strings, files as File. */
  fields: Record<string, FormDataEntryValue>;
  headers: Record<string, string>;
}

type UploadAnswer = { status?: number; body?: unknown };
type UploadHandler = (call: UploadCall) => UploadAnswer | Promise<UploadAnswer>;

/**
 * The upload boundary, as `stubFetch` is the fetch boundary: uploads go through XMLHttpRequest (the
 * one browser API that reports upload progress), so this stands in for it. Each send reports
 * progress at half and at the end, then answers from `handler`; an error answer must keep the API's
 * error contract. A handler that answers with a promise holds the upload, fully sent, until it
 * settles. `calls` records every upload.
 */
export function stubUploads(handler: UploadHandler) {
  const calls: UploadCall[] = [];

  class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private path = '';
    private headers: Record<string, string> = {};
    private aborted = false;

    open(_method: string, url: string) {
      this.path = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      this.aborted = true;
      this.onabort?.();
    }

    send(body: FormData) {
      const call = { path: this.path, fields: Object.fromEntries(body.entries()), headers: this.headers };
      calls.push(call);
      // Answers after the caller's code that follows send() has run, as a real request does.
      setTimeout(() => {
        if (this.aborted) return;
        const total = 100;
        for (const loaded of [50, 100])
          this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
        void Promise.resolve(handler(call)).then((answer) => this.answer(answer));
      }, 0);
    }

    private answer(answer: UploadAnswer) {
      if (this.aborted) return;
      this.status = answer.status ?? 200;
      if (this.status >= 400) {
        try {
          assertErrorContract(`POST ${this.path}`, answer.body);
        } catch (error) {
          unstubbedCalls.push((error as Error).message);
        }
      }
      this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
      this.onload?.();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { calls };
}

/** What POST /api/uploads answers for a stored file. */
export function uploaded(folder: string, name: string) {
  return {
    secure_url: `/media/${folder}/${name}`,
    public_id: `${folder}/${name}`,
    format: name.split('.').pop() ?? '',
    bytes: 1024,
    width: null,
    height: null,
    variants: [],
  };
}
