/* Acme Outfitters demo shop: shared script for every page (plain ES2020, no build step).
 *
 * The pages exist to produce realistic browser telemetry for Session Console: console output
 * at every level, fetches that succeed, 404, 500 or fail outright, layout shifts, and
 * uncaught errors thrown from nested, async, promise and timer code. Each of the four lines
 * that throw ends in a marker comment that tests match against the stack frames Chromium
 * reports (by line number), so keep every throw on its marked line.
 */
/* global console, document, window, fetch, setTimeout */

const cart = { items: [], pendingCount: null };

// ---------------------------------------------------------------------------------------------
// Helpers

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function formatPrice(dollars) {
  return '$' + dollars.toFixed(2);
}

function getJson(url) {
  return fetch(url, { headers: { Accept: 'application/json' } }).then(function readJson(response) {
    return response.json().then(function withStatus(body) {
      return { status: response.status, ok: response.ok, body: body };
    });
  });
}

function productSwatch(product) {
  const swatch = el('div', 'swatch', product.name.charAt(0));
  swatch.style.setProperty('--hue', String(product.hue));
  return swatch;
}

function reportStatus(label, state, detail) {
  const list = document.getElementById('service-status');
  if (!list) return;
  const item = el('li', 'status ' + state);
  item.append(el('span', 'status-label', label), el('span', 'status-detail', detail));
  list.append(item);
}

// ---------------------------------------------------------------------------------------------
// Cart: a nested synchronous chain that fails inside a click handler.

function formatCount(value) {
  return value.toFixed(0); // demo:throw-sync
}

function updateCartBadge() {
  const badge = document.getElementById('cart-count');
  // Bug on purpose: the count is only filled in once the cart service answers, which it never does.
  badge.textContent = formatCount(cart.pendingCount);
}

function addToCart(productId) {
  cart.items.push(productId);
  console.log('cart: adding', productId, '(' + cart.items.length + ' items)');
  updateCartBadge();
}

// ---------------------------------------------------------------------------------------------
// Recommendations: an async chain whose rejection nobody handles.

async function parseRecommendations(json) {
  const items = json.recommendations ? json.recommendations.items : undefined;
  if (!Array.isArray(items) || items.length === 0) {
    throw new Error('recommendations payload has no items'); // demo:throw-async
  }
  return items;
}

async function fetchRecommendations() {
  const response = await fetch('api/recommendations');
  const json = await response.json();
  return await parseRecommendations(json);
}

async function loadRecommendations() {
  console.info('recommendations: loading');
  const items = await fetchRecommendations();
  const box = document.getElementById('recommendations');
  box.replaceChildren(el('h3', '', 'You may also like'));
  items.forEach(function addItem(item) {
    box.append(el('p', '', item.name));
  });
  box.hidden = false;
}

// ---------------------------------------------------------------------------------------------
// Prices: a promise chain without a catch.

function refreshPrices() {
  console.log('prices: refreshing');
  fetch('api/prices')
    .then((response) => response.json())
    .then(function applyPrices(prices) {
      if (prices.length === 0) {
        throw new RangeError('price list is empty'); // demo:throw-promise
      }
      console.log('prices: applied', prices.length);
    });
}

// ---------------------------------------------------------------------------------------------
// Inventory sync: a timer callback that throws.

function reconcileStock(snapshot) {
  if (!snapshot) {
    throw new Error('stock snapshot missing'); // demo:throw-timer
  }
  console.log('inventory: reconciled', Object.keys(snapshot).length, 'SKUs');
}

function scheduleSync() {
  console.log('inventory: sync scheduled in 50 ms');
  setTimeout(function syncInventory() {
    reconcileStock(undefined);
  }, 50);
}

// ---------------------------------------------------------------------------------------------
// Home page

function renderProductGrid(products) {
  const grid = document.getElementById('product-grid');
  console.log('home: rendering', products.length, 'products');
  grid.removeAttribute('aria-busy');
  grid.replaceChildren(
    ...products.map(function card(product) {
      const article = el('article', 'card');
      article.append(
        productSwatch(product),
        el('h3', '', product.name),
        el('p', 'muted', product.category),
        el('p', 'price', formatPrice(product.price)),
      );
      return article;
    }),
  );
}

function showPromoBanner() {
  const main = document.getElementById('main');
  const banner = el('aside', 'promo');
  banner.setAttribute('role', 'note');
  banner.append(
    el('strong', '', 'Spring sale: 20% off all tents'),
    el('span', '', 'Use code TRAIL20 at checkout. Ends Sunday.'),
  );
  main.prepend(banner);
  console.info('home: promo banner shown (content moved down by', banner.offsetHeight, 'px)');
}

function initHome() {
  console.debug('home: init, viewport', window.innerWidth + 'x' + window.innerHeight);
  getJson('api/products')
    .then(function onProducts(result) {
      renderProductGrid(result.body);
      console.info('home: products loaded with status', result.status);
    })
    .catch(function onProductsFailed(error) {
      console.error('home: products request failed', error.message);
    });
  setTimeout(showPromoBanner, 600);
}

// ---------------------------------------------------------------------------------------------
// Products page

function renderProductList(products) {
  const body = document.getElementById('product-list');
  body.replaceChildren(
    ...products.map(function row(product) {
      const tr = el('tr');
      const name = el('div', 'product-cell');
      name.append(productSwatch(product), el('span', '', product.name));
      const cell = el('td');
      cell.append(name);
      tr.append(cell, el('td', 'muted', product.id), el('td', 'num', formatPrice(product.price)));
      return tr;
    }),
  );
  console.trace('products: rendered', products.length, 'rows');
  console.table(
    products.slice(0, 4).map(function summary(product) {
      return { id: product.id, name: product.name, price: formatPrice(product.price) };
    }),
  );
  console.warn('price cache is stale');
}

function loadCatalogue() {
  return getJson('api/products').then(function onProducts(result) {
    renderProductList(result.body);
    reportStatus('Catalogue', 'ok', result.status + ' OK');
  });
}

function loadReviews() {
  return getJson('api/reviews/missing').then(function onReviews(result) {
    if (!result.ok) {
      console.warn('reviews request returned', result.status, result.body.error);
      reportStatus('Reviews', 'warn', result.status + ' ' + result.body.error);
    }
  });
}

function loadInventory() {
  return getJson('api/inventory').then(function onInventory(result) {
    if (!result.ok) {
      console.error('inventory request failed', result.status, result.body.message);
      reportStatus('Inventory', 'error', result.status + ' ' + result.body.message);
    }
  });
}

function loadFlaky() {
  return fetch('api/flaky')
    .then(function onFlaky(response) {
      reportStatus('Stock alerts', 'ok', response.status + ' OK');
    })
    .catch(function onFlakyFailed(error) {
      console.error('stock alerts request failed:', error.message);
      reportStatus('Stock alerts', 'error', 'network error');
    });
}

function initProducts() {
  console.debug('products: init, wiring', 4, 'buttons');
  document.getElementById('add-to-cart').addEventListener('click', function onAddToCart() {
    addToCart('p-100');
  });
  document.getElementById('load-recommendations').addEventListener('click', function onLoad() {
    loadRecommendations();
  });
  document.getElementById('refresh-prices').addEventListener('click', refreshPrices);
  document.getElementById('schedule-sync').addEventListener('click', scheduleSync);

  loadCatalogue()
    .then(loadReviews)
    .then(loadInventory)
    .then(loadFlaky)
    .then(function done() {
      console.info('products: all requests settled');
    });
}

// ---------------------------------------------------------------------------------------------
// Account page

function initAccount() {
  console.debug('account: init');
  const form = document.getElementById('account-form');
  const notes = document.getElementById('notes');
  const pasted = document.getElementById('pasted');
  const status = document.getElementById('save-status');

  notes.addEventListener('paste', function onNotesPaste(event) {
    const pastedText = event.clipboardData ? event.clipboardData.getData('text/plain') : '';
    // Report once the browser has inserted the text into the field.
    setTimeout(function reportPaste() {
      console.info('pasted into notes:', pastedText);
      pasted.textContent = 'Last paste: ' + pastedText;
    }, 0);
  });

  form.addEventListener('submit', function onSubmit(event) {
    event.preventDefault();
    // The password never leaves the form: it is neither logged nor sent.
    const payload = {
      email: document.getElementById('email').value,
      notes: notes.value,
    };
    status.textContent = 'Saving…';
    fetch('api/account', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    })
      .then((response) => response.json())
      .then(function onSaved() {
        console.log('account saved');
        status.textContent = 'Saved.';
      })
      .catch(function onSaveFailed(error) {
        console.error('account save failed:', error.message);
        status.textContent = 'Could not save.';
      });
  });
}

// ---------------------------------------------------------------------------------------------
// Boot

function init() {
  const page = document.body.dataset.page;
  console.dir({
    page: page,
    title: document.title,
    viewport: { width: window.innerWidth, height: window.innerHeight },
    cart: { items: cart.items.length },
  });
  if (page === 'home') initHome();
  else if (page === 'products') initProducts();
  else if (page === 'account') initAccount();
  else console.warn('unknown page', page);
}

init();
