import { useState } from 'react';
import { island } from '../island';

export const SHARE_COPIED = 'Blog link copied to clipboard!';
export const SHARE_FAILED = 'Failed to copy link. Please try again.';

/**
 * Shares the post through the system's share sheet where the browser has one (phones), else
 * copies its link and says so.
 */
function Share({ url, title }: { url: string; title: string }) {
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  const handleShare = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The visitor closed the sheet: nothing to report.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setMessage({ text: SHARE_COPIED, failed: false });
    } catch {
      setMessage({ text: SHARE_FAILED, failed: true });
    }
  };

  return (
    <span className="kw-share">
      <button type="button" className="kw-button kw-button-outline" onClick={() => void handleShare()}>
        Share
      </button>
      <span role="status" className={message?.failed ? 'kw-error-text' : 'kw-success-text'}>
        {message?.text}
      </span>
    </span>
  );
}

export const ShareButton = island('share-button', Share);
export { Share as ShareButtonView };
