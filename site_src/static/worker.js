// One Pyodide per worker. role=explore (the default): the exploration session, answering the page
// through ftwkit.site.bridge.handle (JSON text in, JSON text out); it starts its own search worker
// (role=search, ftwkit.site.search.handle) so that searches never hold up a click and the
// position searched never passes through the page. Stop restarts the search worker alone.
"use strict";
const role = new URL(self.location.href).searchParams.get("role") || "explore";
importScripts("../pyodide/pyodide.js");

const timings = {};
async function startPython() {
  const t0 = performance.now();
  // ftwkit's files download while the interpreter starts
  const files = fetch(new URL("ftwkit.zip", self.location.href)).then((r) => r.arrayBuffer());
  const py = await loadPyodide({ indexURL: new URL("../pyodide/", self.location.href).href });
  timings.pyodide = performance.now() - t0;
  const zip = await files;
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/site-packages" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/site-packages')");
  const module = py.pyimport(role === "search" ? "ftwkit.site.search" : "ftwkit.site.bridge");
  timings.ftwkit = performance.now() - t0;
  return module.handle;
}

function failure(err) {
  const lines = String((err && err.message) || err).trim().split("\n");
  return JSON.stringify({ error: lines[lines.length - 1] });
}

const ready = startPython();

if (role === "search") {
  self.onmessage = async (event) => {
    let answer;
    try { answer = (await ready)(event.data.job); } catch (err) { answer = failure(err); }
    self.postMessage({ id: event.data.id, answer });
  };
} else {
  const STOPPED = "stopped";
  let searcher = null;
  let searchId = 0;
  const pending = new Map();

  function startSearcher() {
    searcher = new Worker(new URL("worker.js?role=search", self.location.href));
    searcher.onmessage = (event) => {
      const job = pending.get(event.data.id);
      pending.delete(event.data.id);
      if (job) job(event.data.answer);
    };
  }

  async function handle(request) {
    try { return (await ready)(request); } catch (err) { return failure(err); }
  }

  async function search(id, answerText) {
    const answer = JSON.parse(answerText);
    if (!answer.job) { self.postMessage({ id, answer: answerText, done: true }); return; }
    self.postMessage({ id, answer: JSON.stringify({ view: answer.view }), done: false });
    if (!searcher) startSearcher();
    const key = ++searchId;
    const found = await new Promise((resolve) => {
      pending.set(key, resolve);
      searcher.postMessage({ id: key, job: JSON.stringify(answer.job) });
    });
    const result = JSON.parse(found);
    const stopped = result.error === STOPPED;
    const request = result.error
      ? { op: "message", text: stopped ? "Stopped." : "The computer could not move: " + result.error,
          error: !stopped }
      : { op: "searched", node: answer.job.node, purpose: answer.job.purpose,
          move: result.move, analysis: result.analysis };
    self.postMessage({ id, answer: await handle(JSON.stringify(request)), done: true });
  }

  self.onmessage = async (event) => {
    const { id, request, stop } = event.data;
    if (stop) {
      // A search cannot be interrupted: end its worker and start a fresh one.
      if (searcher) searcher.terminate();
      for (const resolve of pending.values()) resolve(JSON.stringify({ error: STOPPED }));
      pending.clear();
      startSearcher();
      self.postMessage({ id, answer: JSON.stringify({ stopped: true }), done: true });
      return;
    }
    await ready.catch(() => null);
    const t0 = performance.now();
    const answer = await handle(request);
    timings.request = performance.now() - t0;
    if (JSON.parse(request).op === "search") { search(id, answer); return; }
    self.postMessage({ id, answer, done: true, timings });
    if (!searcher) setTimeout(() => { if (!searcher) startSearcher(); }, 0);
  };
}
