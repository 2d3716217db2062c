/* global window, document */
/* Internet Explorer ("MSIE " up to 10, "Trident/" for 11) cannot run the application, so this
   warning does not depend on it: plain ES3, run before the bundle. A file of its own, not inline:
   the Content-Security-Policy allows scripts from the registry's own origin only. */
(function () {
  var agent = window.navigator.userAgent || '';
  if (agent.indexOf('MSIE ') !== -1 || agent.indexOf('Trident/') !== -1) {
    document.getElementById('unsupported-browser').style.display = 'block';
  }
}());
