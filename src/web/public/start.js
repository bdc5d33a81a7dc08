// Starts the app on pages whose first view the server rendered: their scripts are requested once
// that view has painted, instead of competing with it for a slow connection, and run one module
// at a time, each in a task of its own, so a phone stays responsive while they start. The server
// puts this script where the entry script was (static-web.ts), with the modules to run first.
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var modules = (script.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  var started = false;

  function start() {
    if (started) return;
    started = true;
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    modules
      .concat(entry)
      .reduce(function (previous, href) {
        return previous.then(function () {
          return import(href);
        });
      }, Promise.resolve())
      .catch(function () {
        // A module that fails to load: the entry still starts the app, which shows its own error.
        return import(entry);
      });
  }

  // Frames run once the page can paint; a page opened in the background has none, so a timer
  // starts it anyway.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
