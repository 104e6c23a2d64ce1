import { useState } from 'react';
import { truncate } from '../blog/format';
import { ReadMoreButton } from '../components/read-more-button';
import { island } from '../island';

/** A description cut at `max` characters, with Read more / Read less when it is longer. */
function ReadMoreText({ text, max }: { text: string; max: number }) {
  const [expanded, setExpanded] = useState(false);
  if (text.length <= max) return <p>{text}</p>;
  return (
    <p>
      {expanded ? text : truncate(text, max)}{' '}
      <ReadMoreButton expanded={expanded} onToggle={() => setExpanded(!expanded)} />
    </p>
  );
}

export const ReadMore = island('read-more', ReadMoreText);
export { ReadMoreText as ReadMoreView };
