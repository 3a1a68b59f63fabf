/**
 * The run the comparison's tests vary: an agent buying in a small shop (open the shop, add a
 * product to the cart, check out, pay), with the order's id, the inventory's status and extra
 * parts as each test needs.
 */
import { click, command, request, visit, type RunPart } from './run-kit';

export const SHOP = 'https://shop.test';

export interface CheckoutVariant {
  orderId?: number;
  inventoryStatus?: number | 'failed';
  inventoryMs?: number;
  /** Parts added on the product page, after adding to the cart. */
  onProductPage?: RunPart[];
  /** What follows the cart page instead of checking out and paying. */
  afterCart?: RunPart[];
}

/** Steps: navigate, visit /, click product, click add, visit /cart, click checkout, visit order, click pay. */
export function checkout(variant: CheckoutVariant = {}): RunPart[] {
  const orderId = variant.orderId ?? 123;
  return [
    command('Page.navigate', { url_scheme: 'https', url_host: 'shop.test' }),
    visit(`${SHOP}/`),
    request(
      'GET',
      `${SHOP}/api/inventory?sku=${orderId}`,
      variant.inventoryStatus ?? 200,
      variant.inventoryMs ?? 40,
    ),
    click('#product-7', 'Blue shoes'),
    click('#add-to-cart', 'Add to cart'),
    ...(variant.onProductPage ?? []),
    visit(`${SHOP}/cart`),
    ...(variant.afterCart ?? [
      click('#checkout', 'Checkout'),
      visit(`${SHOP}/orders/${orderId}`),
      request('POST', `${SHOP}/api/orders/${orderId}/pay`, 200, 120),
      click('#pay', 'Pay'),
    ]),
  ];
}
