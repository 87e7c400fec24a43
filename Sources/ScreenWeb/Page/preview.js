// The preview page of `screens serve`: shows the app's window as the SVG renderer draws it,
// kept up to date over a WebSocket, and sends back what the person does with it — pointer
// and wheel as touches and scrolling at the window's points, keys, and the bar's buttons.
// Every message is a JSON object with a `type` (the server's PreviewMessage and
// BrowserMessage say which).
"use strict";

(() => {
  const token = new URLSearchParams(location.search).get("token") || "";
  const $ = (id) => document.getElementById(id);
  const screen = $("screen");
  const deviceFrame = $("device-frame");
  const svgNamespace = "http://www.w3.org/2000/svg";

  let socket = null;
  let retryDelay = 500;
  // The SVG document as lines, and the number of the frame they are; a patch names the
  // frame it applies to, and one that does not fit asks for the whole document again.
  let lines = [];
  let sequence = -1;
  let focus = null;
  let size = { width: 320, height: 480 };
  // The keys the app takes (KeyboardEvent.key names), and the letters it takes with Ctrl:
  // the server says which in its hello.
  let namedKeys = new Set();
  let controlKeys = new Set();

  // MARK: - The connection

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${scheme}//${location.host}/socket?token=${encodeURIComponent(token)}`);
    showConnection("connecting", "connecting…");
    socket.onopen = () => {
      retryDelay = 500;
      showConnection("connected", "connected");
    };
    socket.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      handle(message);
    };
    socket.onclose = () => {
      showConnection("closed", "disconnected — is screens serve still running? (a new run prints a new address) retrying…");
      setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 5000);
    };
  }

  function showConnection(state, text) {
    const element = $("connection");
    element.className = state;
    element.textContent = text;
  }

  function handle(message) {
    switch (message.type) {
      case "hello":
        namedKeys = new Set(message.keys);
        controlKeys = new Set(message.controlKeys);
        break;
      case "frame":
        lines = message.svg === "" ? [] : message.svg.split("\n");
        sequence = message.seq;
        focus = message.focus;
        draw();
        break;
      case "patch":
        if (message.base !== sequence) {
          send({ type: "resync" });
          break;
        }
        // Positions count in the document before the patch: the last hunk goes first.
        for (let index = message.hunks.length - 1; index >= 0; index--) {
          const hunk = message.hunks[index];
          lines = lines.slice(0, hunk.start).concat(hunk.lines, lines.slice(hunk.start + hunk.remove));
        }
        sequence = message.seq;
        focus = message.focus;
        draw();
        break;
      case "focus":
        focus = message.focus;
        drawFocus();
        break;
      case "tree":
        $("tree").textContent = message.lines.join("\n");
        break;
      case "errors":
        showErrors(message.entries, message.count);
        break;
      case "status":
        showStatus(message);
        break;
      case "notice":
        showNotice(message.text);
        break;
    }
  }

  // MARK: - Drawing

  function currentSVG() {
    return screen.querySelector("svg");
  }

  function draw() {
    if (lines.length === 0) {
      screen.innerHTML = '<p class="empty">The app shows no window.</p>';
      return;
    }
    screen.innerHTML = lines.join("\n");
    const svg = currentSVG();
    size = { width: Number(svg.getAttribute("width")), height: Number(svg.getAttribute("height")) };
    applyZoom();
    drawFocus();
    document.body.dataset.frame = String(sequence);
  }

  // The SVG keeps its viewBox (window points); its width and height scale it.
  function applyZoom() {
    const svg = currentSVG();
    if (!svg) return;
    const choice = $("zoom").value;
    let scale = Number(choice);
    if (choice === "fit") {
      const landscape = deviceFrame.classList.contains("landscape");
      const bezel = landscape ? 28 : 112;
      const top = $("stage").getBoundingClientRect().top;
      const height = window.innerHeight - top - bezel - 40;
      const width = window.innerWidth * 0.62 - bezel;
      scale = Math.max(0.25, Math.min(2, height / size.height, width / size.width));
    }
    svg.setAttribute("width", String(size.width * scale));
    svg.setAttribute("height", String(size.height * scale));
  }

  // The focused view outlined, as the terminal highlights it.
  function drawFocus() {
    const svg = currentSVG();
    if (!svg) return;
    let ring = svg.querySelector(".focus-ring");
    if (!focus) {
      if (ring) ring.remove();
      return;
    }
    if (!ring) {
      ring = document.createElementNS(svgNamespace, "rect");
      ring.setAttribute("class", "focus-ring");
      ring.setAttribute("rx", "4");
      svg.appendChild(ring);
    }
    const [x, y, width, height] = focus;
    ring.setAttribute("x", String(x - 1));
    ring.setAttribute("y", String(y - 1));
    ring.setAttribute("width", String(width + 2));
    ring.setAttribute("height", String(height + 2));
  }

  function showStatus(status) {
    $("app").textContent = status.app;
    document.title = `${status.app} · screens serve`;
    $("where").textContent = `${status.device} · ${status.orientation}`;
    $("device").value = status.device;
    deviceFrame.className = `${status.device} ${status.orientation}`;
    const reload = $("reload-status");
    reload.hidden = !status.reload;
    reload.textContent = status.reload || "";
    reload.classList.toggle("failed", status.reloadFailed);
    applyZoom();
  }

  let noticeTimer = null;
  function showNotice(text) {
    const notice = $("notice");
    notice.hidden = false;
    notice.textContent = `The app could not act on a message from this page: ${text}`;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => { notice.hidden = true; }, 8000);
  }

  // MARK: - Errors

  let errorEntries = [];
  let errorCount = 0;
  let dismissedCount = 0;

  function showErrors(entries, count) {
    errorEntries = entries;
    errorCount = count;
    drawErrors();
  }

  // The errors not dismissed, the newest open with its traceback.
  function drawErrors() {
    const shown = Math.max(0, errorCount - dismissedCount);
    const visible = errorEntries.slice(Math.max(0, errorEntries.length - shown));
    $("errors-panel").hidden = visible.length === 0;
    $("errors-title").textContent = shown === 1 ? "1 script error" : `${shown} script errors`;
    const list = $("errors");
    list.replaceChildren();
    visible.forEach((entry, index) => {
      const details = document.createElement("details");
      details.open = index === visible.length - 1;
      const summary = document.createElement("summary");
      const context = document.createElement("span");
      context.className = "context";
      context.textContent = `${entry.context}: `;
      summary.append(context, entry.message);
      details.append(summary);
      if (entry.traceback) {
        const traceback = document.createElement("pre");
        traceback.textContent = entry.traceback;
        details.append(traceback);
      }
      const item = document.createElement("li");
      item.append(details);
      list.append(item);
    });
  }

  // MARK: - Pointer and wheel

  const round = (value) => Math.round(value * 1000) / 1000;

  // Where an event is in window points: the SVG's own coordinates, through whatever the
  // zoom and the device frame do to it on the page.
  function windowPoint(event) {
    const svg = currentSVG();
    const matrix = svg && svg.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return { x: round(point.x), y: round(point.y) };
  }

  // Fingers by pointer: 0 for a mouse or a first finger, the next free number for others.
  const fingers = new Map();
  function fingerFor(pointerId) {
    const used = new Set(fingers.values());
    let finger = 0;
    while (used.has(finger)) finger++;
    fingers.set(pointerId, finger);
    return finger;
  }

  // Moves go at most once an animation frame, the last position of each finger.
  const pendingMoves = new Map();
  let moveFrame = 0;
  function flushMoves() {
    moveFrame = 0;
    for (const [finger, point] of pendingMoves) send({ type: "touch", phase: "moved", x: point.x, y: point.y, id: finger });
    pendingMoves.clear();
  }

  screen.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const point = windowPoint(event);
    if (!point) return;
    event.preventDefault();
    screen.focus({ preventScroll: true });
    screen.setPointerCapture(event.pointerId);
    send({ type: "touch", phase: "began", x: point.x, y: point.y, id: fingerFor(event.pointerId) });
  });

  screen.addEventListener("pointermove", (event) => {
    if (!fingers.has(event.pointerId)) return;
    const point = windowPoint(event);
    if (!point) return;
    pendingMoves.set(fingers.get(event.pointerId), point);
    if (!moveFrame) moveFrame = requestAnimationFrame(flushMoves);
  });

  function lift(event, phase) {
    if (!fingers.has(event.pointerId)) return;
    const finger = fingers.get(event.pointerId);
    fingers.delete(event.pointerId);
    if (pendingMoves.has(finger)) flushMoves();
    const point = windowPoint(event) || { x: 0, y: 0 };
    send({ type: "touch", phase, x: point.x, y: point.y, id: finger });
  }
  screen.addEventListener("pointerup", (event) => lift(event, "ended"));
  screen.addEventListener("pointercancel", (event) => lift(event, "cancelled"));

  screen.addEventListener("wheel", (event) => {
    const point = windowPoint(event);
    if (!point) return;
    event.preventDefault();
    const shown = currentSVG().getBoundingClientRect().height / size.height;
    let dy = event.deltaY;
    if (event.deltaMode === WheelEvent.DOM_DELTA_LINE) dy *= 16;
    else if (event.deltaMode === WheelEvent.DOM_DELTA_PAGE) dy *= size.height;
    else dy /= shown;
    if (dy !== 0) send({ type: "scroll", x: point.x, y: point.y, dy: round(dy) });
  }, { passive: false });

  // MARK: - Keys

  // Keys pressed anywhere but in the page's own controls go to the app, as on a terminal.
  function isPageControl(target) {
    return target instanceof Element && target.closest("#bar, aside") !== null;
  }

  document.addEventListener("keydown", (event) => {
    if (isPageControl(event.target) || event.isComposing || event.metaKey) return;
    const single = [...event.key].length === 1;
    const wanted = namedKeys.has(event.key)
      || (single && !event.ctrlKey)
      || (single && event.ctrlKey && controlKeys.has(event.key.toLowerCase()));
    if (!wanted) return;
    event.preventDefault();
    send({ type: "key", key: event.key, shift: event.shiftKey, ctrl: event.ctrlKey, alt: event.altKey, meta: event.metaKey });
  });

  document.addEventListener("paste", (event) => {
    if (isPageControl(event.target)) return;
    const text = event.clipboardData ? event.clipboardData.getData("text") : "";
    if (!text) return;
    event.preventDefault();
    send({ type: "paste", text });
  });

  // MARK: - The bar

  function onClick(id, message) {
    $(id).addEventListener("click", () => {
      send(message);
      screen.focus({ preventScroll: true });
    });
  }
  onClick("rotate", { type: "rotate" });
  onClick("memory", { type: "memoryWarning" });
  onClick("reload", { type: "reload" });
  $("device").addEventListener("change", () => {
    send({ type: "device", device: $("device").value });
    screen.focus({ preventScroll: true });
  });
  $("zoom").addEventListener("change", () => {
    applyZoom();
    drawFocus();
  });
  $("dismiss-errors").addEventListener("click", () => {
    dismissedCount = errorCount;
    drawErrors();
    screen.focus({ preventScroll: true });
  });
  window.addEventListener("resize", applyZoom);

  connect();
  screen.focus({ preventScroll: true });
})();
