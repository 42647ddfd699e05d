/**
 * The stand-in's JavaScript SDK: `window.paypal.Buttons({ createOrder, onApprove, onError,
 * onCancel, onInit })` with `isEligible`, `render`, `close` and `updateProps`, the part of
 * PayPal's SDK that @paypal/react-paypal-js uses. It renders a real button; a click creates the
 * order through the page's own `createOrder`, approves it on the stand-in as the buyer would in
 * PayPal's window, then calls the page's `onApprove` with `orderID` and `payerID`.
 *
 * Served as a classic script, so `document.currentScript` gives its own address, and the
 * stand-in's base is that address without '/sdk/js'.
 */
export const STAND_IN_SDK = String.raw`(function () {
  'use strict';
  var current = document.currentScript;
  var src = current && current.src ? current.src : '';
  var base = src.replace(/\/sdk\/js(\?.*)?$/, '');

  function Buttons(options) {
    options = options || {};
    var container = null;
    var button = null;
    var enabled = true;

    function setBusy(busy) {
      if (!button) return;
      button.disabled = busy || !enabled;
      if (busy) button.setAttribute('aria-busy', 'true');
      else button.removeAttribute('aria-busy');
    }

    function approve(orderID) {
      return fetch(base + '/demo/orders/' + encodeURIComponent(orderID) + '/approve', {
        method: 'POST',
        headers: { accept: 'application/json' },
        credentials: 'omit'
      }).then(function (res) {
        if (!res.ok) throw new Error('PayPal (demo) no pudo aprobar la orden: ' + res.status);
        return res.json();
      });
    }

    function pay() {
      if (!enabled) return;
      setBusy(true);
      Promise.resolve()
        .then(function () {
          if (typeof options.createOrder !== 'function') throw new Error('createOrder is required');
          return options.createOrder({ paymentSource: 'paypal' }, {});
        })
        .then(function (orderID) {
          if (!orderID) throw new Error('createOrder did not return an order id');
          return approve(String(orderID));
        })
        .then(function (approval) {
          if (typeof options.onApprove === 'function') {
            return options.onApprove(
              { orderID: approval.orderID, payerID: approval.payerID, paymentSource: 'paypal', facilitatorAccessToken: 'demo' },
              { restart: function () { return Promise.resolve(); } }
            );
          }
        })
        .catch(function (err) {
          if (typeof options.onError === 'function') options.onError(err);
          else if (window.console) window.console.error(err);
        })
        .then(function () { setBusy(false); });
    }

    return {
      isEligible: function () { return true; },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('PayPal (demo): no container to render into'));
        var wrap = document.createElement('div');
        wrap.setAttribute('data-paypal-stand-in', '');
        wrap.style.cssText = 'border:1px dashed #0070ba;border-radius:8px;padding:12px;max-width:360px;background:#f5f9fd;';
        var note = document.createElement('p');
        note.textContent = 'PayPal en modo de demostración: no se realiza ningún cobro real.';
        note.style.cssText = 'margin:0 0 8px;font-size:14px;color:#003087;';
        button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Pagar con PayPal (demo)';
        button.style.cssText = 'width:100%;min-height:44px;border:0;border-radius:22px;background:#ffc439;color:#111;font-weight:700;font-size:16px;cursor:pointer;';
        button.addEventListener('click', pay);
        wrap.appendChild(note);
        wrap.appendChild(button);
        container.appendChild(wrap);
        if (typeof options.onInit === 'function') {
          options.onInit({}, {
            enable: function () { enabled = true; setBusy(false); return Promise.resolve(); },
            disable: function () { enabled = false; setBusy(false); return Promise.resolve(); }
          });
        }
        return Promise.resolve();
      },
      close: function () {
        if (container) container.innerHTML = '';
        container = null;
        button = null;
        return Promise.resolve();
      },
      updateProps: function () { return Promise.resolve(); }
    };
  }

  window.paypal = {
    version: 'stand-in',
    FUNDING: { PAYPAL: 'paypal', CARD: 'card' },
    Buttons: Buttons
  };
})();
`;
