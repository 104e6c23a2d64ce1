/** Read more / Read less under a shortened text, saying whether the full text shows. */
export function ReadMoreButton({ expanded, onToggle }: { expanded: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="kw-text-button" aria-expanded={expanded} onClick={onToggle}>
      {expanded ? 'Read less' : 'Read more'}
    </button>
  );
}
