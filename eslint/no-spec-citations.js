/**
 * `kwoon/no-spec-citations`: a comment states the rule it explains — what is required and, where
 * it helps, why — instead of citing the product's specification by document and section. That
 * document is not in the repository, so a reader cannot follow the citation.
 */

/**
 * The word followed by a number, a section sign or a possessive; after an opening parenthesis or
 * "the"; or opening a comment as a label. A file name such as `a11y.spec.ts` does not match.
 */
export const SPEC_CITATION =
  /\bspec(?:ification)?(?:\s+\d|\s*§|['’]s\b)|\(spec\b|\bthe[\s*]+spec(?:ification)?\b|^[\s*]*spec(?:ification)?\s*:/imu;

export const noSpecCitations = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments state the rule itself instead of citing the specification' },
    schema: [],
    messages: {
      cited:
        'State the rule itself (what is required and why) instead of citing the specification, which is not in the repository.',
    },
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          if (SPEC_CITATION.test(comment.value)) context.report({ loc: comment.loc, messageId: 'cited' });
        }
      },
    };
  },
};
