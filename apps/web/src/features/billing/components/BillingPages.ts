/** The billing pages, one chunk the router loads on demand. */
export { BillingDetailsPage } from './BillingDetailsPage';
export { CheckoutPage } from './CheckoutPage';
export { CheckoutCancelPage, CheckoutSuccessPage } from './CheckoutResultPages';
export { PortalPage } from './PortalPage';
export { ProductsPage } from './ProductsPage';
