/**
 * The AI Builder (spec 002 §2 chat bubble, §4 generation status, §7 Generate bookmark, §8):
 * mounted by the dashboard inside its ReportViewContext.
 */
export { AiBuilderBubble } from './components/AiBuilderBubble';
