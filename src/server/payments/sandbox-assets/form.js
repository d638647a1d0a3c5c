// The sandbox card form inside the payment frame. Card numbers go to this
// server's /pay/sandbox/charge only and are never stored.
(function () {
  var form = document.getElementById('pay-form');
  var status = document.getElementById('pay-status');
  var button = document.getElementById('pay-button');
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    status.textContent = '';
    status.className = 'status';
    button.disabled = true;
    button.textContent = 'Processing...';
    var data = new FormData(form);
    fetch('/pay/sandbox/charge', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        reservationId: form.dataset.reservationId,
        number: form.dataset.number,
        cardNumber: String(data.get('cardNumber') || ''),
        expiry: String(data.get('expiry') || ''),
        cvc: String(data.get('cvc') || ''),
      }),
    })
      .then(function (res) {
        return res.json().then(function (body) {
          return { ok: res.ok, body: body };
        });
      })
      .then(function (result) {
        if (result.ok) {
          status.textContent = 'Payment successful. Thank you!';
          status.className = 'status success';
          form.querySelectorAll('input').forEach(function (i) {
            i.disabled = true;
          });
          button.textContent = 'Paid';
          window.parent.postMessage(
            { source: 'sandbox-pay', status: 'succeeded', reservationId: Number(form.dataset.reservationId) },
            window.location.origin,
          );
        } else {
          status.textContent = result.body.message || 'The payment failed.';
          status.className = 'status error';
          button.disabled = false;
          button.textContent = form.dataset.label;
        }
      })
      .catch(function () {
        status.textContent = 'The payment service could not be reached. Please try again.';
        status.className = 'status error';
        button.disabled = false;
        button.textContent = form.dataset.label;
      });
  });
})();
