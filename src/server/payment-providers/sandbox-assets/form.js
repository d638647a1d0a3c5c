// The sandbox card form inside the payment frame. Card numbers go to this
// server's /pay/sandbox/charge only and are never stored. Plain ES5: it is
// served as is, without a build step.
(function () {
  var form = document.getElementById('pay-form');
  var status = document.getElementById('pay-status');
  var button = document.getElementById('pay-button');
  var FIELDS = ['cardNumber', 'expiry', 'cvc'];
  /** The server's error codes that name one field of the form. */
  var FIELD_OF_CODE = { card_number: 'cardNumber', card_expiry: 'expiry', card_cvc: 'cvc' };

  function input(name) {
    return document.getElementById(name);
  }

  /** A cookie's value, or '' when it is missing or not readable. */
  function readCookie(name) {
    var parts = document.cookie ? document.cookie.split(';') : [];
    for (var i = 0; i < parts.length; i++) {
      var part = parts[i].replace(/^\s+/, '');
      var eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq) === name) {
        try {
          return decodeURIComponent(part.slice(eq + 1));
          // eslint-disable-next-line @typescript-eslint/no-unused-vars -- ES5 has no catch without a binding
        } catch (malformed) {
          return '';
        }
      }
    }
    return '';
  }

  /** "1230", "12/30", "12 / 30", "12/2030" (and "1/30") as "12/30"; null when it is none of these. */
  function normaliseExpiry(value) {
    var compact = String(value || '').replace(/\s+/g, '');
    var m = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(compact) || /^(\d{2})(\d{2}|\d{4})$/.exec(compact);
    if (!m) return null;
    var month = Number(m[1]);
    if (month < 1 || month > 12) return null;
    var year = m[2];
    if (year.length === 4) {
      if (year.slice(0, 2) !== '20') return null;
      year = year.slice(2);
    }
    return (month < 10 ? '0' : '') + month + '/' + year;
  }

  // Four digits typed without a slash are shown as MM/YY. Deleting is left alone,
  // so a slash the user removes is not put back under the cursor.
  input('expiry').addEventListener('input', function (event) {
    if (event.inputType && event.inputType.indexOf('delete') === 0) return;
    var field = event.target;
    if (/^\d{4}$/.test(field.value))
      field.value = field.value.slice(0, 2) + '/' + field.value.slice(2);
  });

  function errorElement(name, create) {
    var el = document.getElementById(name + '-error');
    if (!el && create) {
      el = document.createElement('p');
      el.id = name + '-error';
      el.className = 'field-error';
      var field = input(name);
      field.parentNode.insertBefore(el, field.nextSibling);
    }
    return el;
  }

  function describedBy(field) {
    var value = field.getAttribute('aria-describedby');
    return value ? value.split(/\s+/) : [];
  }

  function showFieldError(name, message) {
    var field = input(name);
    var el = errorElement(name, true);
    el.textContent = message;
    el.hidden = false;
    field.setAttribute('aria-invalid', 'true');
    var ids = describedBy(field);
    if (ids.indexOf(el.id) === -1) ids.push(el.id);
    field.setAttribute('aria-describedby', ids.join(' '));
  }

  function clearFieldErrors() {
    for (var i = 0; i < FIELDS.length; i++) {
      var field = input(FIELDS[i]);
      var el = errorElement(FIELDS[i], false);
      field.removeAttribute('aria-invalid');
      if (!el) continue;
      el.textContent = '';
      el.hidden = true;
      var ids = describedBy(field).filter(function (id) {
        return id !== el.id;
      });
      if (ids.length) field.setAttribute('aria-describedby', ids.join(' '));
      else field.removeAttribute('aria-describedby');
    }
  }

  function setStatus(text, kind) {
    status.textContent = text;
    status.className = kind ? 'status ' + kind : 'status';
  }

  function ready() {
    button.disabled = false;
    button.textContent = form.dataset.label;
  }

  /** What the form would send, and the message of each field that is wrong. */
  function read() {
    var cardNumber = input('cardNumber').value.replace(/[\s-]/g, '');
    var expiry = normaliseExpiry(input('expiry').value);
    var cvc = input('cvc').value.replace(/\s/g, '');
    var errors = [];
    if (!cardNumber) errors.push(['cardNumber', 'Enter the card number.']);
    else if (!/^\d+$/.test(cardNumber))
      errors.push(['cardNumber', 'The card number can contain digits only.']);
    if (!expiry) errors.push(['expiry', 'Enter the expiry date as MM/YY, for example 12/30.']);
    if (!/^\d{3,4}$/.test(cvc)) errors.push(['cvc', 'Enter the 3 or 4 digit security code (CVC).']);
    return { values: { cardNumber: cardNumber, expiry: expiry, cvc: cvc }, errors: errors };
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    setStatus('', '');
    clearFieldErrors();
    var entered = read();
    if (entered.errors.length) {
      for (var i = 0; i < entered.errors.length; i++)
        showFieldError(entered.errors[i][0], entered.errors[i][1]);
      input(entered.errors[0][0]).focus();
      return;
    }
    button.disabled = true;
    button.textContent = 'Processing...';
    var headers = { 'Content-Type': 'application/json' };
    var xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    fetch('/pay/sandbox/charge', {
      method: 'POST',
      credentials: 'same-origin',
      headers: headers,
      body: JSON.stringify({
        token: form.dataset.token,
        cardNumber: entered.values.cardNumber,
        expiry: entered.values.expiry,
        cvc: entered.values.cvc,
      }),
    })
      .then(function (res) {
        // An answer without JSON (a proxy's error page) is still a failed payment.
        return res.json().then(
          function (body) {
            return { ok: res.ok, body: body || {} };
          },
          function () {
            return { ok: false, body: {} };
          },
        );
      })
      .then(function (result) {
        if (result.ok) {
          setStatus('Payment successful. Thank you!', 'success');
          for (var i = 0; i < FIELDS.length; i++) input(FIELDS[i]).disabled = true;
          button.textContent = 'Paid';
          window.parent.postMessage(
            {
              source: 'sandbox-pay',
              status: 'succeeded',
              reservationId: Number(form.dataset.reservationId),
            },
            window.location.origin,
          );
          return;
        }
        var message =
          typeof result.body.message === 'string' && result.body.message
            ? result.body.message
            : 'The payment failed.';
        var code = result.body.code;
        var field = Object.prototype.hasOwnProperty.call(FIELD_OF_CODE, code)
          ? FIELD_OF_CODE[code]
          : null;
        if (field) {
          showFieldError(field, message);
          input(field).focus();
        } else {
          setStatus(message, 'error');
        }
        ready();
      })
      .catch(function () {
        setStatus('The payment service could not be reached. Please try again.', 'error');
        ready();
      });
  });
})();
