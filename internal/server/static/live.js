// Live pages: on each "update" from the event stream, fetch the page again
// and swap its content in place (no polling).
(function () {
  'use strict';
  var box = document.querySelector('[data-live]');
  if (!box || !box.dataset.live || !window.EventSource) return;
  var busy = false, again = false;
  // A form the reader has started to fill in (a value changed from the
  // page as served) is never swapped away: the update waits for the next
  // one, or for the form's own submission.
  function dirty(el) {
    return Array.prototype.some.call(el.querySelectorAll('input, select, textarea'), function (f) {
      if (f.type === 'checkbox' || f.type === 'radio') { return f.checked !== f.defaultChecked; }
      if (f.tagName === 'SELECT') {
        var served = 0; // the option selected as served (the first when none is marked)
        for (var i = 0; i < f.options.length; i++) { if (f.options[i].defaultSelected) { served = i; break; } }
        return f.options.length > 0 && f.selectedIndex !== served;
      }
      return f.value !== f.defaultValue;
    });
  }
  function reload() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(location.href, { headers: { 'Accept': 'text/html' } }).then(function (r) { return r.text(); }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, 'text/html');
      var fresh = doc.querySelector('[data-live]');
      var cur = document.querySelector('[data-live]');
      if (fresh && cur && !cur.contains(document.activeElement) && !dirty(cur)) { cur.replaceWith(fresh); }
    }).catch(function () {}).then(function () { busy = false; if (again) { again = false; reload(); } });
  }
  var es = new EventSource(box.dataset.live);
  es.addEventListener('update', reload);
})();
