/**
 * The stand-in's `web-component-btn-yappy.js` (decision 0058): defines `<btn-yappy>` with the
 * events of Yappy's own component — `isYappyOnline` when it is ready, `eventClick` when the payer
 * presses it, `eventSuccess` / `eventError` when the payer decided — the `isButtonLoading`
 * property, and `eventPayment({ transactionId, token, documentName })`, which opens a small demo
 * "phone" (a dialog) showing the order's amount where the payer approves, rejects or cancels; the
 * stand-in then sends the server its notification. Styles are set through the CSSOM (no inline
 * <style>, which the site's CSP refuses); the texts are Yappy's app's, Spanish like it.
 *
 * Served as a classic script, so `document.currentScript` gives its own address, and the
 * stand-in's base is that address without '/v1/cdn/…'.
 */
export const STAND_IN_COMPONENT = String.raw`(function () {
  'use strict';
  if (window.customElements.get('btn-yappy')) return;
  // Yappy's documentation loads its script as a module (the page does too), where currentScript is null.
  var current = document.currentScript || document.querySelector('script[src*="/v1/cdn/web-component-btn-yappy.js"]');
  var src = current && current.src ? current.src : '';
  var base = src.replace(/\/v1\/cdn\/web-component-btn-yappy\.js(\?.*)?$/, '');

  function css(el, styles) { for (var k in styles) el.style[k] = styles[k]; return el; }
  function make(tag, text, styles) { var el = document.createElement(tag); if (text) el.textContent = text; return css(el, styles || {}); }

  var BUTTON = { minHeight: '48px', minWidth: '44px', padding: '0 20px', border: '0', borderRadius: '24px', fontSize: '16px', fontWeight: '700', cursor: 'pointer', fontFamily: 'inherit' };

  function phone(detail, done) {
    var overlay = make('div', '', { position: 'fixed', inset: '0', background: 'rgba(0,0,0,0.55)', display: 'flex', alignItems: 'center', justifyContent: 'center', zIndex: '2147483000', padding: '16px' });
    var box = make('div', '', { background: '#fff', color: '#13294b', borderRadius: '16px', padding: '20px', width: '100%', maxWidth: '340px', boxSizing: 'border-box', fontFamily: 'system-ui, sans-serif', boxShadow: '0 10px 30px rgba(0,0,0,0.3)' });
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-label', 'Yappy (demostración)');
    var title = make('h2', 'Yappy (demostración)', { margin: '0 0 8px', fontSize: '20px' });
    var note = make('p', 'Así confirmaría el pago en su aplicación Yappy. No se cobra dinero real.', { margin: '0 0 12px', fontSize: '15px', lineHeight: '1.4' });
    var amount = make('p', 'Cargando la orden…', { margin: '0 0 16px', fontSize: '18px', fontWeight: '700' });
    amount.setAttribute('aria-live', 'polite');
    var row = make('div', '', { display: 'flex', flexDirection: 'column', gap: '8px' });
    var pay = make('button', 'Confirmar pago', Object.assign({ background: '#0b6bcb', color: '#fff' }, BUTTON));
    var reject = make('button', 'Rechazar', Object.assign({ background: '#f3f4f6', color: '#7a1d1d' }, BUTTON));
    var cancel = make('button', 'Cancelar', Object.assign({ background: '#f3f4f6', color: '#13294b' }, BUTTON));
    [pay, reject, cancel].forEach(function (b) { b.type = 'button'; row.appendChild(b); });
    box.appendChild(title); box.appendChild(note); box.appendChild(amount); box.appendChild(row);
    overlay.appendChild(box);
    document.body.appendChild(overlay);
    pay.focus();

    var q = '?token=' + encodeURIComponent(detail.token);
    var url = base + '/demo/orders/' + encodeURIComponent(detail.transactionId);
    fetch(url + q, { headers: { accept: 'application/json' }, credentials: 'omit' })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(new Error('orden')); })
      .then(function (o) { amount.textContent = 'Total a pagar: B/. ' + o.total; })
      .catch(function () { amount.textContent = 'No se encontró la orden.'; pay.disabled = true; });

    function decide(status) {
      [pay, reject, cancel].forEach(function (b) { b.disabled = true; });
      fetch(url + '/decide' + q, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        credentials: 'omit',
        body: JSON.stringify({ status: status })
      })
        .then(function (r) { return r.ok ? r.json() : Promise.reject(new Error('decide')); })
        .then(function () { overlay.remove(); done(status); })
        .catch(function () { overlay.remove(); done('error'); });
    }
    pay.addEventListener('click', function () { decide('E'); });
    reject.addEventListener('click', function () { decide('R'); });
    cancel.addEventListener('click', function () { decide('C'); });
    overlay.addEventListener('keydown', function (e) { if (e.key === 'Escape') decide('C'); });
  }

  function BtnYappy() { return Reflect.construct(HTMLElement, [], BtnYappy); }
  BtnYappy.prototype = Object.create(HTMLElement.prototype);
  BtnYappy.prototype.constructor = BtnYappy;
  Object.setPrototypeOf(BtnYappy, HTMLElement);

  BtnYappy.prototype.connectedCallback = function () {
    if (this._button) return;
    var self = this;
    var root = this.attachShadow({ mode: 'open' });
    var dark = this.getAttribute('theme') === 'dark';
    var rounded = this.getAttribute('rounded') !== 'false';
    var button = make('button', 'Pagar con Yappy', Object.assign({}, BUTTON, {
      background: dark ? '#13294b' : '#0b6bcb', color: '#fff', width: '100%', borderRadius: rounded ? '24px' : '6px'
    }));
    button.type = 'button';
    button.addEventListener('click', function () {
      if (self._loading) return;
      self.dispatchEvent(new CustomEvent('eventClick', { bubbles: true, composed: true }));
    });
    root.appendChild(button);
    this._button = button;
    this._loading = false;
    setTimeout(function () { self.dispatchEvent(new CustomEvent('isYappyOnline', { detail: true, bubbles: true, composed: true })); }, 0);
  };

  Object.defineProperty(BtnYappy.prototype, 'isButtonLoading', {
    get: function () { return !!this._loading; },
    set: function (v) {
      this._loading = !!v;
      if (!this._button) return;
      this._button.disabled = this._loading;
      if (this._loading) this._button.setAttribute('aria-busy', 'true'); else this._button.removeAttribute('aria-busy');
    }
  });

  BtnYappy.prototype.eventPayment = function (detail) {
    var self = this;
    if (!detail || !detail.transactionId || !detail.token || !detail.documentName) {
      self.dispatchEvent(new CustomEvent('eventError', { detail: { status: 'error' }, bubbles: true, composed: true }));
      return;
    }
    phone(detail, function (status) {
      self.isButtonLoading = false;
      var name = status === 'E' ? 'eventSuccess' : 'eventError';
      self.dispatchEvent(new CustomEvent(name, { detail: { status: status, transactionId: detail.transactionId }, bubbles: true, composed: true }));
    });
  };

  window.customElements.define('btn-yappy', BtnYappy);
})();
`;
