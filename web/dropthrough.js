// dropthrough's side of the page: a miniquad plugin. It gives the game the
// page's query string (the web's command line), its fragment (a link to a
// level) and a console to write to,
// keeps keyboard focus on the canvas, and releases every held key when the
// page loses focus, through the same key events the game reads, so nothing
// sticks and a recording stays true (a gamepad reads as nothing held then);
// it reads the first gamepad through the Gamepad API; the editor's Ctrl chords do not reach
// the browser.
"use strict";
(function () {
  const held = new Set();
  // Whether the page has the keyboard (and so the gamepad): false from a
  // blur until the next focus.
  let focused = true;
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
    importObject.env.dropthrough_fragment = function (buf, cap) {
      const bytes = new TextEncoder().encode(window.location.hash.replace(/^#/, ""));
      if (cap > 0) new Uint8Array(wasm_memory.buffer, buf, cap).set(bytes.subarray(0, cap));
      return bytes.length;
    };
    // A link to what the editor holds: in the address bar (no reload) and,
    // where the browser allows, on the clipboard.
    importObject.env.dropthrough_share = function (ptr, len) {
      history.replaceState(null, "", "#" + utf8(ptr, len));
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(window.location.href).catch(() => {});
      }
    };
    // The page's storage, for best times, ghosts, settings and levels:
    // every key under "dropthrough/". A browser that refuses storage (or a
    // sandboxed frame) reads as empty and refuses writes; the game says so.
    const PREFIX = "dropthrough/";
    function store() {
      try { return window.localStorage; } catch (e) { return null; }
    }
    function give(text, buf, cap) {
      const bytes = new TextEncoder().encode(text);
      if (cap > 0) new Uint8Array(wasm_memory.buffer, buf, cap).set(bytes.subarray(0, cap));
      return bytes.length;
    }
    importObject.env.dropthrough_store_get = function (key, key_len, buf, cap) {
      let text = null;
      try { text = store() && store().getItem(PREFIX + utf8(key, key_len)); } catch (e) { text = null; }
      return text === null || text === undefined ? -1 : give(text, buf, cap);
    };
    importObject.env.dropthrough_store_put = function (key, key_len, ptr, len) {
      try {
        store().setItem(PREFIX + utf8(key, key_len), utf8(ptr, len));
        return 0;
      } catch (e) {
        return 1;
      }
    };
    importObject.env.dropthrough_store_remove = function (key, key_len) {
      try { store().removeItem(PREFIX + utf8(key, key_len)); } catch (e) { /* nothing kept */ }
    };
    importObject.env.dropthrough_store_names = function (prefix, len, buf, cap) {
      const want = PREFIX + utf8(prefix, len);
      const names = [];
      try {
        const s = store();
        for (let i = 0; s && i < s.length; i++) {
          const k = s.key(i);
          if (k && k.startsWith(want)) names.push(k.slice(PREFIX.length));
        }
      } catch (e) { /* nothing kept */ }
      return give(names.join("\n"), buf, cap);
    };
    // The editor's Ctrl+D: the level file it edits, as a download.
    importObject.env.dropthrough_download = function (name, name_len, ptr, len) {
      const blob = new Blob([utf8(ptr, len)], { type: "text/plain" });
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = utf8(name, name_len);
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    };
    importObject.env.dropthrough_touch_device = function () {
      return (navigator.maxTouchPoints || 0) > 0 || "ontouchstart" in window ? 1 : 0;
    };
    importObject.env.dropthrough_log = function (ptr, len) {
      console.log(utf8(ptr, len));
    };
    // The first connected gamepad with the standard mapping, as a bit per
    // button (south, east, west, north, up, down, left, right, start,
    // select, LB, RB) and the left stick's axes times 1000. The game
    // quantises the stick. Nothing is held while the page is not focused.
    importObject.env.dropthrough_pad = function (axes) {
      const out = new Int32Array(wasm_memory.buffer, axes, 2);
      out[0] = 0;
      out[1] = 0;
      if (!focused || document.visibilityState !== "visible") return -1;
      const pads = navigator.getGamepads ? navigator.getGamepads() : [];
      const pad = Array.from(pads || []).find((p) => p && p.connected);
      if (!pad) return -1;
      const order = [0, 1, 2, 3, 12, 13, 14, 15, 9, 8, 4, 5];
      let bits = 0;
      order.forEach((b, i) => {
        const button = pad.buttons[b];
        if (button && (button.pressed || button.value > 0.5)) bits |= 1 << i;
      });
      out[0] = Math.round((pad.axes[0] || 0) * 1000);
      out[1] = Math.round((pad.axes[1] || 0) * 1000);
      return bits;
    };
  }

  window.addEventListener("keydown", (e) => {
    held.add(e.code);
    // The editor's Ctrl+S, Ctrl+Z, Ctrl+Y, Ctrl+L and Ctrl+D are the
    // game's, not the browser's "save page", editing commands, address bar
    // and bookmark.
    if ((e.ctrlKey || e.metaKey) && ["KeyS", "KeyZ", "KeyY", "KeyL", "KeyD"].includes(e.code)) e.preventDefault();
  }, true);
  window.addEventListener("keyup", (e) => held.delete(e.code), true);
  function release_all() {
    for (const code of held) {
      canvas.dispatchEvent(new KeyboardEvent("keyup", { code, key: code, bubbles: true }));
    }
    held.clear();
  }
  window.addEventListener("blur", () => {
    focused = false;
    release_all();
  });
  window.addEventListener("focus", () => { focused = true; });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") release_all();
  });
  // A link pasted into this tab's address bar changes only the fragment,
  // which does not reload the page: reload, so the game opens it.
  window.addEventListener("hashchange", () => window.location.reload());
  canvas.addEventListener("click", () => canvas.focus());
  window.addEventListener("load", () => canvas.focus());

  miniquad_add_plugin({ register_plugin, version: 1, name: "dropthrough" });
})();
