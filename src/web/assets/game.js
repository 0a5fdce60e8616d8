// A game's page: follows the game live (server-sent events), replays it move by move (slider, buttons, ← → Home
// End), zooms the board, and tells a tapped route's details. Everything it shows comes from the server's frames.
(() => {
  "use strict";
  const body = document.body;
  const token = body.dataset.token;
  if (!token) return;
  const byId = (id) => document.getElementById(id);
  const routes = byId("routes");
  const details = JSON.parse(routes.dataset.details);
  const unclaimed = routes.dataset.unclaimed;
  let claims = new Map(JSON.parse(routes.dataset.claims));
  let first = Number(body.dataset.first);
  let latest = Number(body.dataset.latest);
  let shown = Number(body.dataset.version);
  let following = true;
  let asked = 0;
  let picked = null;
  const slider = byId("slider");
  const lines = byId("lines");
  let lastLine = Math.max(-1, ...Array.from(lines.children, (li) => Number(li.dataset.v)));

  function showAt() {
    const at = byId("at");
    if (at) at.textContent = at.dataset.words.replace("{move}", shown).replace("{moves}", latest);
    if (slider) {
      slider.min = first;
      slider.max = latest;
      slider.value = shown;
    }
    for (const li of lines.children) li.hidden = Number(li.dataset.v) > shown;
    body.classList.toggle("replaying", !following);
    const replay = byId("replay");
    if (replay) replay.hidden = latest <= first;
  }

  function addLines(frameLines) {
    for (const [version, text] of frameLines) {
      if (version <= lastLine) continue;
      const li = document.createElement("li");
      li.dataset.v = version;
      li.textContent = text;
      lines.appendChild(li);
    }
    lastLine = Math.max(lastLine, ...frameLines.map(([version]) => version));
    if (following) lines.scrollTop = lines.scrollHeight;
  }

  function apply(frame) {
    byId("pieces").innerHTML = frame.pieces;
    byId("panel").innerHTML = frame.panel;
    byId("chart").innerHTML = frame.chart;
    claims = new Map(frame.claims);
    shown = frame.version;
    body.dataset.version = shown;
    if (picked !== null) tell(picked);
    showAt();
  }

  async function goTo(version) {
    version = Math.min(latest, Math.max(first, version));
    following = version === latest;
    if (version === shown) {
      showAt();
      return;
    }
    const mine = ++asked;
    const answer = await fetch(`/g/${token}/v/${version}`, { cache: "no-store" });
    if (!answer.ok || mine !== asked) return;
    apply(await answer.json());
  }

  function follow() {
    const live = new EventSource(`/g/${token}/live`);
    live.addEventListener("frame", (event) => {
      const frame = JSON.parse(event.data);
      latest = frame.latest;
      first = frame.first;
      addLines(frame.lines);
      if (following) apply(frame);
      else showAt();
    });
    live.addEventListener("open", () => {
      byId("live").hidden = false;
      byId("offline").hidden = true;
    });
    live.addEventListener("error", () => {
      byId("live").hidden = true;
      byId("offline").hidden = false;
      // The browser tries again by itself after a lost connection, but not after a refusal (a full server):
      // then the page does, a little later.
      if (live.readyState === EventSource.CLOSED) setTimeout(follow, 5000);
    });
  }

  function tell(route) {
    const box = byId("details");
    box.textContent = "";
    const what = document.createElement("strong");
    what.textContent = details[route] || "";
    const who = document.createElement("span");
    who.textContent = claims.get(route) || unclaimed;
    box.append(what, document.createElement("br"), who);
    box.hidden = false;
  }

  byId("board").addEventListener("click", (event) => {
    const group = event.target.closest("[data-route]");
    for (const old of document.querySelectorAll(".picked")) old.classList.remove("picked");
    if (!group) {
      picked = null;
      byId("details").hidden = true;
      return;
    }
    picked = Number(group.dataset.route);
    const printed = document.querySelector(`g.route[data-route="${picked}"]`);
    if (printed) printed.classList.add("picked");
    tell(picked);
  });

  let zoom = 1;
  function setZoom(to) {
    zoom = Math.min(6, Math.max(1, to));
    byId("board").style.width = `${zoom * 100}%`;
    body.classList.toggle("zoomed", zoom > 1);
  }
  byId("zoom-in").addEventListener("click", () => setZoom(zoom * 1.5));
  byId("zoom-out").addEventListener("click", () => setZoom(zoom / 1.5));
  byId("zoom-fit").addEventListener("click", () => setZoom(1));

  if (slider) {
    slider.addEventListener("input", () => goTo(Number(slider.value)));
    byId("first").addEventListener("click", () => goTo(first));
    byId("prev").addEventListener("click", () => goTo(shown - 1));
    byId("next").addEventListener("click", () => goTo(shown + 1));
    byId("last").addEventListener("click", () => goTo(latest));
    document.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const to = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: first, End: latest }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      goTo(to);
    });
  }

  showAt();
  lines.scrollTop = lines.scrollHeight;
  if (!body.classList.contains("over")) follow();
})();
