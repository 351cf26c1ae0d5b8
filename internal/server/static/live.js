// Live pages: on each "update" from the event stream, fetch the page again
// and swap its content in place (no polling).
(function () {
  'use strict';
  var box = document.querySelector('[data-live]');
  if (!box || !box.dataset.live || !window.EventSource) return;
  var busy = false, again = false;
  function reload() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(location.href, { headers: { 'Accept': 'text/html' } }).then(function (r) { return r.text(); }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, 'text/html');
      var fresh = doc.querySelector('[data-live]');
      var cur = document.querySelector('[data-live]');
      if (fresh && cur && !cur.contains(document.activeElement) ) { cur.replaceWith(fresh); }
    }).catch(function () {}).then(function () { busy = false; if (again) { again = false; reload(); } });
  }
  var es = new EventSource(box.dataset.live);
  es.addEventListener('update', reload);
})();
