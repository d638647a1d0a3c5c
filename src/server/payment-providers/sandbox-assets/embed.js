// The sandbox provider's embed script, loaded by the Payments page: it starts
// the payment frames it finds and passes their results to the page.
(function () {
  function mount(root) {
    var frames = (root || document).querySelectorAll('iframe[data-sandbox-pay-src]');
    frames.forEach(function (frame) {
      if (!frame.getAttribute('src'))
        frame.setAttribute('src', frame.getAttribute('data-sandbox-pay-src'));
      frame.setAttribute('data-sandbox-pay-ready', 'true');
    });
  }
  window.addEventListener('message', function (event) {
    if (
      event.origin !== window.location.origin ||
      !event.data ||
      event.data.source !== 'sandbox-pay'
    )
      return;
    window.dispatchEvent(new CustomEvent('sandbox-pay', { detail: event.data }));
  });
  window.SandboxPay = { mount: mount };
})();
