/// The page's one script, hand-written and served from the binary at `path` (no build step):
/// it opens one WebSocket to `/live`, puts each panel the server sends into `#live`, shows or
/// hides the controls, tells a screen reader the key just judged, ticks the session clock, and
/// connects again by itself with a growing pause (0.5 s to 5 s), saying "reconnecting…" while away.
public enum LiveScript {
    public static let path = "/static/live.js"

    public static let source = #"""
        "use strict";
        (function () {
          var live = document.getElementById("live"), link = document.getElementById("link");
          var controls = document.getElementById("controls"), start = document.getElementById("start");
          var announce = document.getElementById("announce");
          var pause = 500, anchor = performance.now();
          function state(name, text) { link.dataset.state = name; link.textContent = text; }
          function clockText(s) {
            s = Math.floor(s);
            if (s < 60) return s + "s";
            var h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60), r = s % 60;
            return h > 0 ? h + "h " + m + "m " + r + "s" : m + "m " + r + "s";
          }
          function tick() {
            var clock = document.getElementById("clock");
            if (!clock || clock.dataset.running !== "1") return;
            clock.textContent = clockText(parseFloat(clock.dataset.seconds) + (performance.now() - anchor) / 1000);
          }
          function connect() {
            var scheme = location.protocol === "https:" ? "wss://" : "ws://";
            var socket = new WebSocket(scheme + location.host + "/live");
            socket.onmessage = function (message) {
              var update = JSON.parse(message.data);
              if (update.away) { state("away", update.away); return; }
              pause = 500;
              state("live", "live");
              live.innerHTML = update.html;
              anchor = performance.now();
              if (controls) controls.hidden = !update.running;
              if (start) start.hidden = update.running;
              if (update.say) announce.textContent = update.say;
            };
            socket.onclose = function () {
              state("away", "reconnecting…");
              setTimeout(connect, pause);
              pause = Math.min(pause * 2, 5000);
            };
          }
          setInterval(tick, 250);
          connect();
        })();

        """#
}
