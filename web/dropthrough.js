// dropthrough's side of the page: a miniquad plugin. It gives the game the
// page's query string (the web's command line) and a console to write to,
// keeps keyboard focus on the canvas, and releases every held key when the
// page loses focus, through the same key events the game reads, so nothing
// sticks and a recording stays true; the editor's Ctrl chords do not reach
// the browser.
"use strict";
(function () {
  const held = new Set();
  const canvas = document.querySelector("#glcanvas");

  function utf8(ptr, len) {
    return new TextDecoder().decode(new Uint8Array(wasm_memory.buffer, ptr, len));
  }

  function register_plugin(importObject) {
    importObject.env.dropthrough_query = function (buf, cap) {
      const bytes = new TextEncoder().encode(window.location.search.replace(/^\?/, ""));
      new Uint8Array(wasm_memory.buffer, buf, cap).set(bytes.subarray(0, cap));
      return bytes.length;
    };
    importObject.env.dropthrough_log = function (ptr, len) {
      console.log(utf8(ptr, len));
    };
  }

  window.addEventListener("keydown", (e) => {
    held.add(e.code);
    // The editor's Ctrl+S, Ctrl+Z and Ctrl+Y are the game's, not the
    // browser's "save page" and its editing commands.
    if ((e.ctrlKey || e.metaKey) && ["KeyS", "KeyZ", "KeyY"].includes(e.code)) e.preventDefault();
  }, true);
  window.addEventListener("keyup", (e) => held.delete(e.code), true);
  function release_all() {
    for (const code of held) {
      canvas.dispatchEvent(new KeyboardEvent("keyup", { code, key: code, bubbles: true }));
    }
    held.clear();
  }
  window.addEventListener("blur", release_all);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") release_all();
  });
  canvas.addEventListener("click", () => canvas.focus());
  window.addEventListener("load", () => canvas.focus());

  miniquad_add_plugin({ register_plugin, version: 1, name: "dropthrough" });
})();
