/** Words that make a question one about an injury, pain or a medical condition. */
const SAFETY_WORDS =
  /\b(injur\w*|pain\w*|hurt\w*|ache\w*|sore\w*|sprain\w*|strain\w*|pregnan\w*|doctor|medical|medication|blood pressure|dizz\w*|faint\w*|knee|back pain)\b/i;

/** Whether a question is about an injury, pain or a medical condition: the answer leads with the school's safety guidance. */
export function isSafetyQuestion(question: string): boolean {
  return SAFETY_WORDS.test(question);
}
