// Starts the app on pages whose first view the server rendered (decisions 0022 and 0023), written
// into the page by the server (plugins/inline-start.ts: its whole-line comments left out). Its
// modules are requested once that view has painted with its first images, instead of competing
// with it for a slow connection (a returning visitor's page preloads them from its head: they came
// back to buy), and run one at a time, each in a task of its own, so a phone stays responsive while
// they start. For a returning customer it also restores the session and fetches the page's priced
// answers at once, while the modules download.
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var modules = (script.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  var started = false;

  // zod without its JIT (decision 0004): a page's own chunks run before the entry, whose first
  // import (lib/zod-config.ts) sets the same, and may build schemas as they load.
  window.__zod_globalConfig = Object.assign({}, window.__zod_globalConfig, { jitless: true });

  // A returning customer (the session hint cookie comes with the refresh cookie): the session is
  // restored, and the page's answers with prices (data-priced) fetched with it, while the modules
  // download, instead of one round trip after another once they ran. lib/api.ts takes each once.
  if (/(?:^|;\s*)session_hint=/.test(document.cookie)) {
    var refresh = fetch('/api/auth/refresh/', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    var access = refresh
      .then(function (response) {
        return response.ok ? response.clone().json() : null;
      })
      .then(function (session) {
        return session && session.access;
      })
      .catch(function () {
        return null;
      });
    var answers = {};
    (script.getAttribute('data-priced') || '').split(' ').forEach(function (href) {
      if (!href) return;
      answers[href] = access.then(function (token) {
        if (!token) return null;
        return fetch(href, { credentials: 'same-origin', headers: { accept: 'application/json', authorization: 'Bearer ' + token } }).then(
          function (response) {
            return { token: token, response: response };
          },
        );
      });
    });
    window.__earlyStart = { refresh: refresh, answers: answers };
  }

  // A landing page carries only its own rules inline; the whole stylesheet comes as a print sheet,
  // which does not hold the first paint, and applies to the screen once loaded (critical-css.ts).
  // The modules run after it, so that nothing the app draws is drawn without its styles.
  var rest = document.querySelector('link[data-rest]');
  var styled = new Promise(function (resolve) {
    if (!rest) return resolve();
    function apply() {
      rest.media = 'all';
      resolve();
    }
    if (rest.sheet) return apply();
    rest.addEventListener('load', apply);
    rest.addEventListener('error', apply);
  });

  function start() {
    if (started) return;
    started = true;
    if (observer) observer.disconnect();
    preload(
      modules.concat(entry).filter(function (href) {
        return !document.querySelector('link[rel="modulepreload"][href="' + href + '"]');
      }),
    );
    modules
      .concat(entry)
      .reduce(function (previous, href) {
        return previous.then(function () {
          return import(href);
        });
      }, styled)
      .catch(function () {
        // A module that fails to load: the entry still starts the app, which shows its own error.
        return import(entry);
      });
  }

  // The modules' preload links (for a visitor without a session: a returning customer's page has
  // them in its head), which fetch them side by side, go in a few at a time, each few in a task of
  // its own: starting a request costs the main thread up to a few milliseconds, and sixteen of them
  // made a long task.
  var PRELOADS_PER_TASK = 4;
  function preload(hrefs) {
    hrefs.slice(0, PRELOADS_PER_TASK).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (hrefs.length > PRELOADS_PER_TASK) {
      setTimeout(function () {
        preload(hrefs.slice(PRELOADS_PER_TASK));
      }, 0);
    }
  }

  // After the next frame is drawn.
  function afterFrame() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }

  // The first screen's own images (fetchpriority="high": the first cards, the product's photo)
  // come before the scripts too, as they are its largest paint: the scripts are requested once the
  // browser reports one of them as the largest paint, or, where it does not report it (another
  // element is larger, a browser without the entry), a tenth of a second after they are decoded;
  // a second at most.
  function afterFirstImages() {
    var images = [].slice.call(document.querySelectorAll('img[fetchpriority="high"]'));
    if (!images.length) return afterFrame();
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('largest-contentful-paint') >= 0) {
      new PerformanceObserver(function (list, self) {
        var painted = list.getEntries().some(function (entry) {
          return images.indexOf(entry.element) >= 0;
        });
        if (painted) {
          self.disconnect();
          afterFrame();
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    }
    var left = images.length;
    var decoded = function () {
      if (--left <= 0) setTimeout(afterFrame, 100);
    };
    images.forEach(function (image) {
      // Decoded, not only loaded: an image decoded off the main thread is painted after its load.
      if (image.decode) image.decode().then(decoded, decoded);
      else if (image.complete) decoded();
      else {
        image.addEventListener('load', decoded);
        image.addEventListener('error', decoded);
      }
    });
    setTimeout(start, 1000);
  }

  // Once the first paint is on screen (a page opened in the background never paints, so a timer
  // starts it anyway).
  var observer =
    'PerformanceObserver' in window &&
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) afterFirstImages();
    });
  try {
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    afterFrame();
  }
  setTimeout(start, 2000);
})();
