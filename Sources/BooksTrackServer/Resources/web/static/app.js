// BooksTrack's small script: every page works without it; with it, a job's page follows the job
// live over the WebSocket instead of reloading.
(function () {
  "use strict";
  // A cover the proxy could not fetch becomes the drawn spine the page shows for books without one.
  function drawSpine(image) {
    var spine = document.createElement("span");
    spine.className = "spine " + (image.getAttribute("data-spine") || "spine-0");
    spine.setAttribute("aria-hidden", "true");
    var title = document.createElement("span");
    title.className = "spine-title";
    title.textContent = image.getAttribute("data-title") || "";
    var authors = document.createElement("span");
    authors.textContent = image.getAttribute("data-authors") || "";
    spine.appendChild(title);
    spine.appendChild(authors);
    image.replaceWith(spine);
  }
  window.BooksTrack = window.BooksTrack || {};
  window.BooksTrack.covers = function (root) {
    Array.prototype.forEach.call(root.querySelectorAll("img.cover"), function (image) {
      if (image.complete && image.naturalWidth === 0 && image.getAttribute("loading") !== "lazy") drawSpine(image);
      else image.addEventListener("error", function () { drawSpine(image); });
    });
  };
  window.BooksTrack.covers(document);
})();

(function () {
  "use strict";
  var job = document.querySelector("[data-job]");
  if (!job || !("WebSocket" in window)) return;
  var status = job.querySelector("[data-job-status]");
  if (!status || status.textContent === "Done" || status.textContent === "Failed" || status.textContent === "Cancelled") return;
  var bar = job.querySelector("[data-job-progress]");
  var count = job.querySelector("[data-job-count]");
  var scheme = location.protocol === "https:" ? "wss://" : "ws://";
  var socket = new WebSocket(scheme + location.host + "/ws/progress?jobId=" + encodeURIComponent(job.getAttribute("data-job")));
  var names = { queued: "Waiting to start", running: "Running", succeeded: "Done", failed: "Failed", cancelled: "Cancelled" };
  var ended = false;
  socket.onmessage = function (message) {
    var event;
    try { event = JSON.parse(message.data); } catch (error) { return; }
    status.textContent = names[event.status] || event.status;
    if (event.total > 0) {
      bar.value = Math.min(100, Math.floor(event.processed * 100 / event.total));
      bar.textContent = bar.value + "%";
    }
    count.textContent = event.processed.toLocaleString() + " of " + event.total.toLocaleString();
    if (event.status === "succeeded" || event.status === "failed" || event.status === "cancelled") ended = true;
  };
  // The server closes the socket when the job ends: the page is read again for the report.
  socket.onclose = function () { setTimeout(function () { location.reload(); }, ended ? 100 : 2000); };
})();

// The reading timer of a book's page: Start notes the time in this browser (it survives a reload),
// Stop fills the session form's minutes for the reader to add the pages and record it.
window.BooksTrack.timer = function (root) {
  "use strict";
  var timer = root.querySelector("[data-timer]");
  if (!timer) return;
  var key = "bookstrack-timer-" + timer.getAttribute("data-timer");
  var clock = timer.querySelector("[data-timer-clock]");
  var start = timer.querySelector("[data-timer-start]");
  var stop = timer.querySelector("[data-timer-stop]");
  var minutes = document.getElementById("session-minutes");
  var pages = document.getElementById("session-pages");
  var tick = null;
  function started() { var value = Number(localStorage.getItem(key)); return value > 0 ? value : null; }
  function show() {
    // A timer whose page part was replaced (a form sent in place) stops; the new one takes over.
    if (!document.contains(timer)) { clearInterval(tick); tick = null; return; }
    var since = started();
    var seconds = since ? Math.max(0, Math.floor((Date.now() - since) / 1000)) : 0;
    var hours = Math.floor(seconds / 3600), rest = seconds % 3600;
    var text = Math.floor(rest / 60) + ":" + String(rest % 60).padStart(2, "0");
    clock.textContent = hours > 0 ? hours + ":" + text.padStart(5, "0") : text;
    start.hidden = since !== null;
    stop.hidden = since === null;
  }
  function run() { if (tick === null) tick = setInterval(show, 1000); show(); }
  start.addEventListener("click", function () { localStorage.setItem(key, String(Date.now())); run(); stop.focus(); });
  stop.addEventListener("click", function () {
    var since = started();
    localStorage.removeItem(key);
    clearInterval(tick); tick = null;
    if (since) minutes.value = Math.min(1440, Math.max(1, Math.round((Date.now() - since) / 60000)));
    show();
    clock.textContent = "0:00";
    pages.focus();
  });
  timer.hidden = false;
  if (started()) run(); else show();
};
window.BooksTrack.timer(document);

// Forms marked data-stay (a book's progress, rating, review …) are sent without leaving the page:
// the answer (the page again, with the change or the error next to its field) replaces the main
// content in place, the scroll position kept. Without fetch, or if anything fails, the form is
// sent as usual.
(function () {
  "use strict";
  var main = document.getElementById("main");
  if (!main || !window.fetch || !window.DOMParser || !window.URLSearchParams) return;
  // The fields of main, outside `sent`, whose value differs from the one the page came with.
  function changedFields(sent) {
    var changed = [];
    Array.prototype.forEach.call(main.querySelectorAll("input[id], textarea[id], select[id]"), function (field) {
      if (sent.contains(field) || field.type === "hidden" || field.type === "file" || field.type === "password") return;
      var differs = field.type === "checkbox" || field.type === "radio" ? field.checked !== field.defaultChecked
        : field.tagName === "SELECT" ? Array.prototype.some.call(field.options, function (option) { return option.selected !== option.defaultSelected; })
        : field.value !== field.defaultValue;
      if (differs) changed.push({ id: field.id, value: field.value, checked: field.checked });
    });
    return changed;
  }
  main.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-stay")) return;
    event.preventDefault();
    var data = new FormData(form);
    var submitter = event.submitter;
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    var action = form.getAttribute("action");
    var y = window.scrollY;
    fetch(action, { method: "POST", body: new URLSearchParams(data), credentials: "same-origin" })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var fresh = page.getElementById("main");
        if (!fresh) throw new Error("no page");
        // What the reader typed or chose in other forms while this one was on its way (a review
        // begun right after a rating) is kept, and so is the field they are typing in.
        var typed = changedFields(form);
        var active = document.activeElement;
        var typing = active && active.id && main.contains(active) && !form.contains(active) && active !== submitter
          ? { id: active.id, start: active.selectionStart, end: active.selectionEnd } : null;
        main.innerHTML = fresh.innerHTML;
        document.title = page.title;
        typed.forEach(function (field) {
          var now = document.getElementById(field.id);
          if (!now) return;
          if (now.type === "checkbox" || now.type === "radio") now.checked = field.checked; else now.value = field.value;
        });
        window.BooksTrack.covers(main);
        window.BooksTrack.timer(main);
        window.scrollTo(0, y);
        var error = main.querySelector(".field-error");
        var again = main.querySelector('form[action="' + action + '"] button[type=submit]');
        var target = error ? main.querySelector('[aria-describedby="' + error.id + '"]') : again;
        var resumed = typing && document.getElementById(typing.id);
        if (resumed && !error) {
          resumed.focus({ preventScroll: true });
          if (typeof typing.start === "number" && resumed.setSelectionRange) resumed.setSelectionRange(typing.start, typing.end);
        } else if (target) {
          target.focus({ preventScroll: true });
        }
      })
      .catch(function () {
        form.removeAttribute("data-stay");
        if (submitter && submitter.name) {
          var chosen = document.createElement("input");
          chosen.type = "hidden"; chosen.name = submitter.name; chosen.value = submitter.value;
          form.appendChild(chosen);
        }
        form.submit();
      });
  });
})();

// A secret shown once (a new token, an invitation link) gets a Copy button where the clipboard
// can be written; without it the text field is there to select.
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("[data-copy-target]"), function (button) {
    var field = document.getElementById(button.getAttribute("data-copy-target"));
    if (!field || !navigator.clipboard) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(field.value).then(function () { button.textContent = "Copied"; }, function () { field.select(); });
    });
  });
})();

// Live barcode scanning on the Search page where the browser reads barcodes (BarcodeDetector):
// the camera looks until it sees an ISBN, then searches for it. Elsewhere the photo upload reads
// the barcode on the server.
(function () {
  "use strict";
  var scanner = document.querySelector("[data-scanner]");
  if (!scanner || !("BarcodeDetector" in window) || !navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return;
  var start = scanner.querySelector("[data-scan-start]");
  var video = scanner.querySelector("[data-scan-video]");
  var status = scanner.querySelector("[data-scan-status]");
  scanner.hidden = false;
  start.addEventListener("click", function () {
    var detector;
    try { detector = new BarcodeDetector({ formats: ["ean_13"] }); } catch (error) {
      status.textContent = "This browser cannot read barcodes: send a photo below.";
      return;
    }
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } }).then(function (stream) {
      video.srcObject = stream;
      video.hidden = false;
      start.hidden = true;
      video.play();
      status.textContent = "Point the camera at the barcode on the back cover.";
      var look = function () {
        detector.detect(video).then(function (codes) {
          var isbn = codes.map(function (code) { return code.rawValue; }).filter(function (value) { return /^97[89][0-9]{10}$/.test(value); })[0];
          if (!isbn) { setTimeout(look, 250); return; }
          stream.getTracks().forEach(function (track) { track.stop(); });
          location.href = "/search?q=" + isbn + "&scanned=1";
        }, function () { setTimeout(look, 500); });
      };
      look();
    }, function () { status.textContent = "The camera could not be opened: send a photo below."; });
  });
})();
