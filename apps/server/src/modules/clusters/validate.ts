import {
  compileClusterColumn,
  isClusterRuleError,
  type ClusterRuleError,
  type WordGroup as DomainWordGroup,
} from '@maya/analytics';
import {
  clusterMessages,
  ClusterIssueType,
  type ClusterField,
  type ClusterRuleSet,
  type ValidationIssue,
} from '@maya/contracts';
import { domainColumn, domainField } from './columns';

type RuleContext = { fields: readonly ClusterField[]; wordGroups: readonly DomainWordGroup[] };

/** A rule compiler refusal as the field-level issue the editor shows under the rule. */
function issueOf(error: ClusterRuleError, loc: ValidationIssue['loc'], ruleSetName: string, index: number) {
  const where = `rule set '${ruleSetName}', rule ${index + 1}`;
  switch (error.type) {
    case 'invalid_number':
      return { loc, msg: clusterMessages.enterNumber, type: ClusterIssueType.notANumber };
    case 'invalid_regex':
      return {
        loc,
        msg: `Invalid regular expression in ${where}${error.detail ? `: ${error.detail}` : ''}`,
        type: ClusterIssueType.invalidRegex,
      };
    case 'unknown_field':
      return {
        loc: [...loc.slice(0, -1), 'field'],
        msg: `Unknown field in ${where}`,
        type: ClusterIssueType.unknownField,
      };
    case 'operator_not_allowed':
      return {
        loc: [...loc.slice(0, -1), 'operator'],
        msg: `The field of ${where} has no such operator`,
        type: ClusterIssueType.unknownOperator,
      };
    case 'unknown_word_group':
      return { loc, msg: `Unknown word group in ${where}`, type: ClusterIssueType.unknownWordGroup };
    case 'invalid_order_by':
      return { loc, msg: error.message, type: 'invalid_value' };
    default:
      return { loc, msg: error.message, type: 'invalid_value' };
  }
}

/**
 * Every rule error of the rule sets, one issue per rule at `['body', ...prefix, 'values', i,
 * 'rules', j, 'value']` (spec 001 §5: saving is blocked while any rule has an error). Each rule
 * is compiled alone, so one bad rule does not hide the others.
 */
export function ruleIssues(
  ruleSets: readonly ClusterRuleSet[],
  context: RuleContext,
  prefix: readonly (string | number)[] = [],
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const fields = context.fields.map(domainField);
  ruleSets.forEach((ruleSet, i) => {
    ruleSet.rules.forEach((rule, j) => {
      const loc = ['body', ...prefix, 'values', i, 'rules', j, 'value'];
      const single = { id: ruleSet.id, name: ruleSet.name, rules: [{ ...rule, condition: null }] };
      try {
        compileClusterColumn(domainColumn({ id: ruleSet.id, name: '', dbName: 'x', ruleSets: [single] }), {
          fields,
          wordGroups: context.wordGroups,
          dialect: 'duckdb',
          offset: 0,
        });
      } catch (error) {
        if (!isClusterRuleError(error)) throw error;
        issues.push(issueOf(error, loc, ruleSet.name, j));
      }
    });
  });
  return issues;
}
