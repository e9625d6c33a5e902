/**
 * Why a cluster column cannot be compiled or previewed. Rule errors name the rule set (id and
 * "then" value) and the rule (0-based index within the rule set), so the API answers 422 with
 * the rule's location and the editor marks that rule.
 *
 * - `invalid_regex`: a `matches` / `not_matches` value is no regular expression of the portable
 *   subset (regex.ts); `detail` says what is wrong.
 * - `invalid_number`: a numeric or money rule's value is neither empty nor a number (the spec's
 *   'Please enter a number').
 * - `unknown_field`: the rule names no field of the category.
 * - `unknown_word_group`: a word-group operator names no existing word group.
 * - `operator_not_allowed`: the operator is not one the field's type offers.
 * - `invalid_order_by`: a preview is ordered by a header it does not have.
 */
export type ClusterErrorType =
  | 'invalid_regex'
  | 'invalid_number'
  | 'unknown_field'
  | 'unknown_word_group'
  | 'operator_not_allowed'
  | 'invalid_order_by';

export type RuleLocation = { ruleSetId: string; ruleSetName: string; ruleIndex: number };

export class ClusterRuleError extends Error {
  override readonly name = 'ClusterRuleError';

  constructor(
    readonly type: ClusterErrorType,
    message: string,
    readonly location: RuleLocation | null = null,
    readonly detail: string | null = null,
  ) {
    super(location ? `${describe(location)}: ${message}` : message);
  }
}

export function isClusterRuleError(error: unknown): error is ClusterRuleError {
  return error instanceof ClusterRuleError;
}

function describe({ ruleSetName, ruleIndex }: RuleLocation): string {
  return `rule set '${ruleSetName}', rule ${ruleIndex + 1}`;
}
