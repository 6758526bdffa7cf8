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
  Array.prototype.forEach.call(document.querySelectorAll("img.cover"), function (image) {
    if (image.complete && image.naturalWidth === 0 && image.getAttribute("loading") !== "lazy") drawSpine(image);
    else image.addEventListener("error", function () { drawSpine(image); });
  });
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
