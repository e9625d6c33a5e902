export { ExpenseFormPage } from './components/ExpenseFormPage';
export { ExpensesPage } from './components/ExpensesPage';
