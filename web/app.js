// brade's page: draws what the server says and sends what the learner
// does (docs/web.md).  No rule is decided here: a clicked step goes to the
// server, which checks it with the engine and answers with the board.

const $ = (sel) => document.querySelector(sel);
let view = null;      // the last view the server sent
let selected = null;  // the point clicked first (a checker to move)

const WORDS = {
  en: { answer: "Your answer", play: "Your play (click a checker, then where it goes; or type it)",
        targets: "Show where a checker may go",
        lessons: "Lessons", puzzles: "Puzzles", done: "done", solved: "solved", failed: "failed", new: "new",
        yes: "Yes", no: "No", theme: "Theme", allThemes: "all themes", themePuzzle: "A puzzle in this theme" },
  sv: { answer: "Ditt svar", play: "Ditt drag (klicka på en bricka och sedan dit den ska; eller skriv det)",
        targets: "Visa vart en bricka kan gå",
        lessons: "Lektioner", puzzles: "Problem", done: "klar", solved: "löst", failed: "missat", new: "nytt",
        yes: "Ja", no: "Nej", theme: "Tema", allThemes: "alla teman", themePuzzle: "Ett problem i det här temat" },
};
const words = () => WORDS[(view && view.lang) || "en"];

// the words of a game, as buttons
const GAME_WORDS = {
  en: { roll: "Roll", double: "Double", take: "Take", drop: "Drop", resign: "Give up", "one-die": "Declare one die",
        pass: "Pass", review: "Review the game", leave: "Leave the game", dice: "These dice",
        die: "Die", teka: ["White's die", "Black's die"] },
  sv: { roll: "Slå", double: "Dubbla", take: "Ta emot", drop: "Passa", resign: "Ge upp", "one-die": "Begär en tärning",
        pass: "Passa", review: "Granska partiet", leave: "Lämna partiet", dice: "Dessa tärningar",
        die: "Tärning", teka: ["Vits tärning", "Svarts tärning"] },
};

// the buttons' words in each language
const LABELS = {
  en: { lessons: "Lessons", lesson: "Go on with a lesson", puzzles: "Puzzles", puzzle: "A puzzle", play: "Play the engine",
        drill: "Drill", review: "Review a game", progress: "Progress", glossary: "Glossary", editor: "Position editor",
        preview: "Course preview",
        hint: "Hint",
        solution: "Show the answer", undo: "Take back a move", back: "Back", next: "Next", "job-stop": "Stop" },
  sv: { lessons: "Lektioner", lesson: "Fortsätt med en lektion", puzzles: "Problem", puzzle: "Ett problem",
        drill: "Repetera", review: "Granska ett parti", progress: "Framsteg", glossary: "Ordlista",
        editor: "Ställningsredigerare", preview: "Förhandsgranska kurs",
        play: "Spela mot motorn",
        hint: "Tips", solution: "Visa svaret", undo: "Ta tillbaka ett drag", back: "Tillbaka", next: "Nästa",
        "job-stop": "Avbryt", "menu-toggle": "Meny" },
};
function relabel(lang) {
  for (const [action, label] of Object.entries(LABELS[lang] || LABELS.en)) {
    const b = document.querySelector(`button[data-action="${action}"]`) || document.getElementById(action);
    if (b) b.textContent = label;
  }
  const send = document.querySelector("#answer-form button");
  if (send) send.textContent = lang === "sv" ? "Skicka" : "Send";
}

// One call of the API: POST route with a JSON body, the answer as JSON.
// While a call is under way the page says so (aria-busy), and the board
// waits for the answer before it takes another click.  Long work (a
// review, a game's hint) runs on the server's workers: the answer is 202,
// and the page asks how far it is (`job`) until the result comes, showing
// a progress bar and a stop button meanwhile.
let pending = 0;
async function call(route, body) {
  pending++;
  document.querySelector("main").setAttribute("aria-busy", "true");
  try {
    const r = await fetch("/api/" + route, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body || {}),
    });
    const j = await r.json();
    if (r.status === 202 || (r.status === 409 && j.busy)) return await waitForJob();
    if (!r.ok) throw new Error(j.error || r.statusText);
    return j;
  } finally {
    if (--pending === 0) document.querySelector("main").setAttribute("aria-busy", "false");
  }
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

// Asks after the session's job until it is done; its result is the call's.
async function waitForJob() {
  const box = $("#job");
  const bar = $("#job-progress");
  box.hidden = false;
  try {
    for (;;) {
      const r = await fetch("/api/job", { credentials: "same-origin" });
      const j = await r.json();
      if (!j.running) {
        if (!r.ok) throw new Error(j.error || r.statusText);
        if (j.stopped) throw new Error(view && view.lang === "sv" ? "Avbrutet." : "Stopped.");
        return j;
      }
      if (j.total > 0) { bar.max = j.total; bar.value = j.done; } else bar.removeAttribute("value");
      await sleep(150);
    }
  } finally {
    box.hidden = true;
  }
}

function setText(id, text) { $(id).textContent = text || ""; }

// the stop button of long work
$("#job-stop").addEventListener("click", () => {
  fetch("/api/stop", { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
                       body: "{}" }).catch(showError);
});

// Draws a view: the board (the server's SVG), the step, the tutor's words.
function draw(v) {
  view = v;
  selected = null;
  document.documentElement.lang = v.lang;
  relabel(v.lang);
  fillSettingsWords();
  $("#board").innerHTML = v.board || "";
  setText("#heading", v.heading);
  setText("#score", v.mode === "game" ? v.score : "");
  setText("#step-title", v.title);
  setText("#step-text", v.text);
  setText("#prompt", v.prompt);
  setText("#tutor-text", v.words);
  setText("#partial", v.partial);
  const q = v.question;
  $("#play-label").textContent = q && q.play ? words().play : words().answer;
  $("#targets-label").textContent = words().targets;
  // a choice, or yes/no, answered by a click
  const opts = $("#choices");
  opts.innerHTML = "";
  const answers = q && q.open ? (q.choices ? q.choices.map((c, i) => [String(i + 1), (i + 1) + ") " + c])
                                 : q.yesno ? [["yes", words().yes], ["no", words().no]] : []) : [];
  for (const [value, label] of answers) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.setAttribute("data-answer", value);
    b.addEventListener("click", async () => {
      try { draw(await call("answer", { text: value })); } catch (e) { showError(e); }
    });
    opts.appendChild(b);
  }
  // the lesson's own buttons are not a game's
  for (const act of ["solution", "back", "next"]) {
    const b = document.querySelector(`.actions [data-action="${act}"]`);
    if (b) b.hidden = v.mode === "game";
  }
  drawEditor(v);
  // taking back a move is for a question that asks a play, while it is open
  const undo = document.querySelector('.actions [data-action="undo"]');
  if (undo && v.mode !== "game" && v.mode !== "editor") undo.hidden = !(q && q.play && q.open);
  // in a game, only the words that may be said now: no hint, take-back,
  // play box or targets once it is over
  $("#targets-option").hidden = v.mode !== "game" || !(q && q.open);
  if (v.mode === "game") {
    for (const act of ["hint", "undo"]) {
      const b = document.querySelector(`.actions [data-action="${act}"]`);
      if (b) b.hidden = !(v.game_actions || []).includes(act);
    }
    $("#answer-form").hidden = !!v.over;
  }
  const ga = $("#game-actions");
  ga.innerHTML = "";
  if (v.mode === "game") {
    const names = (v.game_actions || []).filter((w) => w !== "hint" && w !== "undo").concat(["leave"]);
    $("#list").innerHTML = v.game_actions && v.game_actions.includes("review") ? $("#list").innerHTML : "";
    // manual dice: a die picker for each die wanted (teka: white's, black's)
    const gw = GAME_WORDS[v.lang] || GAME_WORDS.en;
    for (let i = 0; i < (v.dice_wanted || 0); i++) {
      const l = document.createElement("label");
      const sel = document.createElement("select");
      sel.className = "die-pick";
      for (let d = 1; d <= 6; d++) option(sel, String(d), String(d));
      l.append(v.teka ? gw.teka[i] + " " : `${gw.die} ${i + 1} `, sel);
      ga.appendChild(l);
    }
    for (const w of names) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = (GAME_WORDS[v.lang] || GAME_WORDS.en)[w] || w;
      b.setAttribute("data-action", w);
      ga.appendChild(b);
    }
  }
  for (const el of document.querySelectorAll("#board [data-point]")) {
    el.setAttribute("tabindex", "0");
    el.addEventListener("pointerdown", (e) => { if (e.button === 0 && view && view.mode !== "editor") dragFrom = el; });
    el.addEventListener("click", () => clickPoint(el));
    el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); clickPoint(el); } });
  }
}

function showError(e) { setText("#tutor-text", String(e.message || e)); }

// A checker dragged from one point and dropped on another: the same two
// clicks (a press and release on one point is a click, handled as one).
let dragFrom = null;
document.addEventListener("pointerup", async (e) => {
  const from = dragFrom;
  dragFrom = null;
  const to = document.elementFromPoint(e.clientX, e.clientY)?.closest("#board [data-point]");
  if (!from || !to || to === from || pending) return;
  for (const el of document.querySelectorAll("#board .selected, #board .target"))
    el.classList.remove("selected", "target");
  selected = null;
  await sendStep(from.getAttribute("data-point"), to.getAttribute("data-point"));
});
document.addEventListener("pointercancel", () => { dragFrom = null; });

// A click on a point: the first picks the checker, the second its target;
// in the position editor, a checker put there or taken away.
async function clickPoint(el) {
  if (pending) return;
  const p = el.getAttribute("data-point");
  if (view && view.mode === "editor") {
    if (p === "off") return;
    const colour = document.querySelector('input[name="ed-colour"]:checked').value;
    try {
      draw(await call("edit", { point: p === "bar" ? "bar" : Number(p), colour, place: !$("#ed-remove").checked }));
    } catch (e) { showError(e); }
    return;
  }
  if (selected === null) {
    if (p === "off") return;
    selected = p;
    el.classList.add("selected");
    // free play only: where it may go (in a lesson or puzzle that is the question)
    if (view && view.mode === "game" && $("#show-targets").checked) {
      const from = p === "bar" ? "bar" : Number(p);
      call("targets", { from }).then((j) => {
        if (selected !== p) return;
        for (const t of j.targets)
          document.querySelector(`#board [data-point="${t}"]`)?.classList.add("target");
      }).catch(() => {});
    }
    return;
  }
  const from = selected;
  selected = null;
  for (const t of document.querySelectorAll("#board .target")) t.classList.remove("target");
  if (from === p) { el.classList.remove("selected"); return; }
  await sendStep(from, p);
}

// One move of a checker, from and to as the board's data-point names them.
async function sendStep(from, to) {
  if (from === "off") return;
  const num = (x) => (x === "bar" || x === "off") ? x : Number(x);
  try { draw(await call("step", { from: num(from), to: num(to) })); } catch (e) { showError(e); }
}

function list(title, items, render) {
  const box = $("#list");
  box.innerHTML = "";
  const h = document.createElement("h2");
  h.textContent = title;
  const ul = document.createElement("ul");
  for (const it of items) {
    const li = document.createElement("li");
    li.appendChild(render(it));
    ul.appendChild(li);
  }
  box.append(h, ul);
}

function itemButton(label, note, action) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  if (note) {
    const s = document.createElement("span");
    s.className = "done";
    s.textContent = note;
    b.appendChild(s);
  }
  b.addEventListener("click", action);
  return b;
}

const ACTIONS = {
  lessons: async () => {
    const j = await call("lessons");
    list(words().lessons, j.lessons, (l) => itemButton(l.title, l.done ? words().done : "", async () => {
      $("#list").innerHTML = "";
      draw(await call("lesson", { id: l.id }));
    }));
  },
  // the list, narrowed to a theme when one is picked; "A puzzle in this
  // theme" asks the server for the next due near the learner's rating
  puzzles: async (theme) => {
    const j = await call("puzzles");
    // the hand-made ones; the mined ones (thousands) only within a theme
    const shown = theme ? j.puzzles.filter((p) => p.themes.includes(theme)) : j.puzzles.filter((p) => !p.mined);
    list(words().puzzles, shown, (p) => itemButton(p.id + " · " + p.title + (p.mined ? " · " + p.rules : ""),
                                                   words()[p.state], async () => {
      $("#list").innerHTML = "";
      draw(await call("puzzle", { id: p.id }));
    }));
    const mined = j.puzzles.filter((p) => p.mined).length;
    if (mined && !theme) {
      const note = document.createElement("p");
      note.id = "mined-note";
      note.textContent = view && view.lang === "sv"
        ? `Och ${mined} utvunna problem ur partier: välj ett tema för att se dem, eller "Ett problem".`
        : `And ${mined} puzzles mined from games: pick a theme to see them, or "A puzzle".`;
      $("#list").appendChild(note);
    }
    const bar = document.createElement("div");
    bar.className = "theme-bar";
    const l = document.createElement("label");
    const sel = document.createElement("select");
    sel.id = "puzzle-theme";
    option(sel, "", words().allThemes);
    for (const t of j.themes) option(sel, t.id, `${t.name} (${t.count})`);
    sel.value = theme || "";
    sel.addEventListener("change", () => ACTIONS.puzzles(sel.value).catch(showError));
    l.append(words().theme + " ", sel);
    bar.appendChild(l);
    if (theme) {
      const go = document.createElement("button");
      go.type = "button";
      go.id = "theme-puzzle";
      go.textContent = words().themePuzzle;
      go.addEventListener("click", async () => {
        try { $("#list").innerHTML = ""; draw(await call("puzzle", { theme })); } catch (e) { showError(e); }
      });
      bar.appendChild(go);
    }
    $("#list h2").after(bar);
  },
  lesson: async () => { $("#list").innerHTML = ""; draw(await call("lesson")); },
  drill: async () => { $("#list").innerHTML = ""; draw(await call("drill")); },
  // the board on screen to edit when there is one, else the start position
  editor: async () => {
    $("#list").innerHTML = "";
    await loadSettings();
    const from = view && view.board && view.mode !== "editor" ? "board" : "start";
    draw(await call("editor", { from }).catch(() => call("editor", { from: "start" })));
  },
  "ed-start": async () => draw(await call("editor", { from: "start" })),
  "ed-empty": async () => draw(await call("editor", { from: "empty" })),
  puzzle: async () => { $("#list").innerHTML = ""; draw(await call("puzzle")); },
  hint: async () => draw(await (view && view.mode === "game" ? call("game", { word: "hint" }) : call("hint"))),
  solution: async () => draw(await call("solution")),
  // a move made by clicks taken back; in a game with none, the last play
  undo: async () => draw(await (view && view.mode === "game" && !view.partial ? call("game", { word: "undo" })
                                                                             : call("undo"))),
  play: async () => { $("#list").innerHTML = ""; draw(await call("play", await gameSettings())); },
  leave: async () => { $("#list").innerHTML = ""; draw(await call("leave")); },
  next: async () => draw(await call("next")),
  back: async () => draw(await call("back")),
  // a list or review on screen is in the old language: it goes
  "lang-en": async () => { $("#list").innerHTML = ""; draw(await call("lang", { lang: "en" })); },
  "lang-sv": async () => { $("#list").innerHTML = ""; draw(await call("lang", { lang: "sv" })); },
};

// The course preview: a lesson or puzzle file pasted, checked as `brade
// check` checks it, and shown as the learner will meet it.
ACTIONS.preview = async () => {
  const sv = view && view.lang === "sv";
  const box = $("#list");
  box.innerHTML = "";
  const h = document.createElement("h2");
  h.textContent = sv ? "Förhandsgranska en kursfil" : "Preview a course file";
  const p = document.createElement("p");
  p.textContent = sv ? "Klistra in en lektions- eller problemfil (YAML); den kontrolleras som 'brade check' gör (utan att rulla ut igen)."
                     : "Paste a lesson or puzzle file (YAML); it is checked as 'brade check' checks it (without rolling out again).";
  const name = document.createElement("input");
  name.id = "preview-name";
  name.value = "mine.yaml";
  name.setAttribute("aria-label", sv ? "Filens namn" : "The file's name");
  const text = document.createElement("textarea");
  text.id = "preview-text";
  text.rows = 12;
  text.spellcheck = false;
  text.setAttribute("aria-label", sv ? "Filens innehåll" : "The file's text");
  const go = document.createElement("button");
  go.type = "button";
  go.id = "preview-check";
  go.textContent = sv ? "Kontrollera och visa" : "Check and show";
  const out = document.createElement("div");
  out.id = "preview-out";
  go.addEventListener("click", async () => {
    try { showPreview(out, await call("preview", { name: name.value, text: text.value })); } catch (e) { showError(e); }
  });
  box.append(h, p, name, text, go, out);
};
function showPreview(out, j) {
  const sv = view && view.lang === "sv";
  out.innerHTML = "";
  const sum = document.createElement("p");
  sum.className = j.errors ? "bad" : "good";
  sum.textContent = j.errors ? (sv ? `${j.errors} fel:` : `${j.errors} error${j.errors === 1 ? "" : "s"}:`)
                             : (sv ? "Inga fel." : "No errors.");
  out.appendChild(sum);
  if (j.diagnostics) {
    const pre = document.createElement("pre");
    pre.className = "report diagnostics";
    pre.textContent = j.diagnostics;
    out.appendChild(pre);
  }
  for (const it of j.items) {
    const sec = document.createElement("section");
    sec.className = "preview-item";
    const hh = document.createElement("h3");
    hh.textContent = `${it.heading} (${j.file}:${it.line})`;
    sec.appendChild(hh);
    if (it.title) { const t = document.createElement("h4"); t.textContent = it.title; sec.appendChild(t); }
    if (it.text) { const t = document.createElement("p"); t.className = "prose"; t.textContent = it.text; sec.appendChild(t); }
    if (it.board) { const b = document.createElement("div"); b.className = "review-board"; b.innerHTML = it.board; sec.appendChild(b); }
    if (it.prompt) { const q = document.createElement("p"); q.className = "prose prompt"; q.textContent = it.prompt; sec.appendChild(q); }
    if (it.choices) {
      const ol = document.createElement("ol");
      for (const c of it.choices) { const li = document.createElement("li"); li.textContent = c; ol.appendChild(li); }
      sec.appendChild(ol);
    }
    if (it.answer) {
      const d = document.createElement("details");
      const s = document.createElement("summary");
      s.textContent = sv ? "Svaret" : "The answer";
      const a = document.createElement("p");
      a.className = "prose";
      a.textContent = it.answer;
      d.append(s, a);
      sec.appendChild(d);
    }
    out.appendChild(sec);
  }
}

// The position editor: its tools and what it gives (the position id, the
// notes of what the rules forbid, the YAML to paste into a course file).
const EDITOR_WORDS = {
  en: { "ed-colour-label": "Checker", "ed-white": "White", "ed-black": "Black", "ed-remove-label": "Remove",
        "ed-turn-label": "On roll", "ed-roll-label": "Roll", "ed-rules-label": "Rules", "ed-id-label": "Position id",
        "ed-puzzle-label": "As a puzzle", "ed-position-label": "As a lesson step's position",
        none: "none", white: "White", black: "Black", start: "Start position", empty: "Empty board",
        bad: "(The position cannot be exported until the notes above are dealt with.)" },
  sv: { "ed-colour-label": "Bricka", "ed-white": "Vit", "ed-black": "Svart", "ed-remove-label": "Ta bort",
        "ed-turn-label": "Ska slå", "ed-roll-label": "Slag", "ed-rules-label": "Regler", "ed-id-label": "Ställnings-id",
        "ed-puzzle-label": "Som problem", "ed-position-label": "Som ställning i ett lektionssteg",
        none: "inget", white: "Vit", black: "Svart", start: "Utgångsställning", empty: "Tomt bräde",
        bad: "(Ställningen kan inte exporteras förrän anmärkningarna ovan är åtgärdade.)" },
};
function option(sel, value, label) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = label;
  sel.appendChild(o);
}
function drawEditor(v) {
  const box = $("#editor-tools");
  box.hidden = v.mode !== "editor";
  for (const act of ["hint", "solution", "undo", "back", "next"]) {
    const b = document.querySelector(`.actions [data-action="${act}"]`);
    if (b && v.mode === "editor") b.hidden = true;
    else if (b && v.mode !== "game") b.hidden = false;
  }
  $("#answer-form").hidden = v.mode === "editor";
  if (v.mode !== "editor") return;
  const w = EDITOR_WORDS[v.lang] || EDITOR_WORDS.en;
  for (const [id, text] of Object.entries(w)) if (document.getElementById(id)) $("#" + id).textContent = text;
  document.querySelector('[data-action="ed-start"]').textContent = w.start;
  document.querySelector('[data-action="ed-empty"]').textContent = w.empty;
  const turn = $("#ed-turn");
  turn.innerHTML = "";
  option(turn, "white", w.white);
  option(turn, "black", w.black);
  turn.value = v.to_move;
  const roll = $("#ed-roll");
  roll.innerHTML = "";
  option(roll, "none", w.none);
  for (let a = 6; a >= 1; a--) for (let b = a; b >= 1; b--) option(roll, `${a}-${b}`, `${a}-${b}`);
  roll.value = v.roll && v.roll.length === 2 ? `${Math.max(...v.roll)}-${Math.min(...v.roll)}` : "none";
  const rs = $("#ed-rules");
  if (rulesets && !rs.options.length) for (const r of rulesets.rulesets) option(rs, r.name, r.name);
  rs.value = v.rules;
  $("#ed-id").textContent = v.position_id;
  setText("#ed-notes", v.notes);
  $("#ed-puzzle").textContent = v.puzzle_yaml || w.bad;
  $("#ed-position").textContent = v.position_yaml || w.bad;
}
const edit = (body) => call("edit", body).then(draw).catch(showError);
$("#ed-turn").addEventListener("change", (e) => edit({ turn: e.target.value }));
$("#ed-roll").addEventListener("change", (e) => edit({ roll: e.target.value }));
$("#ed-rules").addEventListener("change", (e) =>
  call("editor", { rules: e.target.value, from: "keep" }).then(draw).catch(showError));

// The game settings (rules, level, match, the tutor's warnings): filled
// from the server's rulesets once, read when a game starts.
let rulesets = null;
const SETTINGS = {
  en: { "game-settings-label": "Game settings", "set-rules-label": "Rules", "set-level-label": "Engine level",
        "set-match-label": "Match", "set-tutor-label": "The tutor warns before a bad play",
        "set-dice-label": "I roll my own dice and enter them",
        one: "one game", games: "games", points: "points",
        levels: ["0 (beginner)", "1", "2 (default)", "3 (strongest)"] },
  sv: { "game-settings-label": "Partiinställningar", "set-rules-label": "Regler", "set-level-label": "Motorns nivå",
        "set-match-label": "Match", "set-tutor-label": "Programmet varnar före ett dåligt drag",
        "set-dice-label": "Jag slår egna tärningar och anger dem",
        one: "ett parti", games: "partier", points: "poäng",
        levels: ["0 (nybörjare)", "1", "2 (förval)", "3 (starkast)"] },
};
async function loadSettings() {
  if (rulesets) return;
  rulesets = await call("rulesets");
  const rs = $("#set-rules");
  for (const r of rulesets.rulesets) {
    const o = document.createElement("option");
    o.value = r.name;
    o.textContent = r.name;
    o.title = r.summary;
    rs.appendChild(o);
  }
  rs.value = rulesets.rules;
  $("#set-tutor").checked = rulesets.tutor;
  rs.addEventListener("change", fillMatches);
  fillSettingsWords();
}
function fillMatches() {
  const w = SETTINGS[(view && view.lang) || "en"];
  const cube = rulesets.rulesets.find((r) => r.name === $("#set-rules").value)?.cube;
  const m = $("#set-match");
  const was = m.value;
  m.innerHTML = "";
  for (const n of cube ? [0, 1, 3, 5, 7, 11] : [0, 3, 5, 7]) {
    const o = document.createElement("option");
    o.value = String(n);
    o.textContent = n === 0 ? w.one : `${n} ${cube ? w.points : w.games}`;
    m.appendChild(o);
  }
  if ([...m.options].some((o) => o.value === was)) m.value = was;
}
function fillSettingsWords() {
  if (!rulesets) return;
  const w = SETTINGS[(view && view.lang) || "en"];
  for (const id of ["game-settings-label", "set-rules-label", "set-level-label", "set-match-label", "set-tutor-label",
                    "set-dice-label"])
    $("#" + id).textContent = w[id];
  const lv = $("#set-level");
  const was = lv.value || String(rulesets.level);
  lv.innerHTML = "";
  for (let i = 0; i < rulesets.levels; i++) {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = w.levels[i] || String(i);
    lv.appendChild(o);
  }
  lv.value = was;
  fillMatches();
}
async function gameSettings() {
  await loadSettings();
  return { rules: $("#set-rules").value, level: Number($("#set-level").value), match: Number($("#set-match").value),
           tutor: $("#set-tutor").checked, dice: $("#set-dice").checked ? "manual" : "auto" };
}
$("#game-settings").addEventListener("toggle", () => loadSettings().catch(showError));

// the review of a game: in a game, that game; elsewhere the list of the
// learner's game records, newest first, to pick one
ACTIONS.review = async () => {
  if (view && view.mode === "game") return showReview(await call("review"));
  const j = await call("games");
  const sv = view && view.lang === "sv";
  if (!j.games.length) {
    list(sv ? "Granska ett parti" : "Review a game", [], () => null);
    const p = document.createElement("p");
    p.textContent = sv ? "Inga partier än: spela ett mot motorn först." : "No games yet: play one against the engine first.";
    $("#list").appendChild(p);
    return;
  }
  list(sv ? "Granska ett parti" : "Review a game", j.games, (g) => itemButton(g, "", async () => {
    showReview(await call("review", { record: g }));
  }));
};

// each mistake on its own board, the better play drawn as arrows
function showReview(j) {
  const box = $("#list");
  box.innerHTML = "";
  const h = document.createElement("h2");
  const sv = view && view.lang === "sv";
  h.textContent = (j.record ? j.record + ": " : "") +
    (sv ? `granskning (${j.plies} drag framåt): ${j.errors} fel, ${j.lost.toFixed(3)} poäng bort`
        : `review (${j.plies}-ply): ${j.errors} errors, ${j.lost.toFixed(3)} points given away`);
  box.appendChild(h);
  if (!j.mistakes.length) {
    const p = document.createElement("p");
    p.textContent = sv ? "Inga misstag att visa." : "No mistakes to show.";
    box.appendChild(p);
  }
  // the bad and very bad decisions can become puzzles of one's own: each
  // rolled out first (a job, with the progress bar), as the terminal does
  if (j.mistakes.some((m) => m.grade === "bad" || m.grade === "very-bad")) {
    const bar = document.createElement("div");
    bar.className = "theme-bar";
    const go = document.createElement("button");
    go.type = "button";
    go.id = "make-puzzles";
    go.textContent = sv ? "Gör mina misstag till problem" : "Make my mistakes puzzles";
    const said = document.createElement("p");
    said.id = "made-puzzles";
    said.className = "prose";
    go.addEventListener("click", async () => {
      try {
        go.disabled = true;
        const r = await call("mistakes");
        said.textContent = r.words;
        if (r.made > 0 || r.known > 0) {
          const open = document.createElement("button");
          open.type = "button";
          open.id = "my-puzzles";
          open.textContent = sv ? "Mina problem" : "My puzzles";
          open.addEventListener("click", () => ACTIONS.puzzles("mine").catch(showError));
          said.after(open);
        }
      } catch (e) { go.disabled = false; showError(e); }
    });
    bar.append(go);
    box.append(bar, said);
  }
  for (const m of j.mistakes) {
    const sec = document.createElement("section");
    sec.className = "mistake";
    sec.setAttribute("data-review-line", String(m.line));
    const t = document.createElement("h3");
    t.textContent = `${m.roll}: ${m.play} (${m.grade_words}; ${m.best})`;
    const b = document.createElement("div");
    b.className = "review-board";
    b.innerHTML = m.board;
    const w = document.createElement("p");
    w.className = "prose";
    w.textContent = m.words;
    sec.append(t, b, w);
    box.appendChild(sec);
  }
}

// the progress record: the same text as the terminal's, the ratings chart
ACTIONS.progress = async () => {
  const j = await call("progress");
  const sv = view && view.lang === "sv";
  const box = $("#list");
  box.innerHTML = "";
  const h = document.createElement("h2");
  h.textContent = sv ? "Dina framsteg" : "Your progress";
  const pre = document.createElement("pre");
  pre.className = "report";
  pre.textContent = j.text;
  box.append(h, pre);
  for (const [svg, id] of [[j.chart, "ratings-chart"], [j.games_chart, "games-chart"]]) {
    if (!svg) continue;
    const c = document.createElement("div");
    c.className = "chart";
    c.id = id;
    c.innerHTML = svg;
    box.appendChild(c);
  }
};

// the glossary: every term, or those matching what is typed
ACTIONS.glossary = async () => {
  const sv = view && view.lang === "sv";
  const box = $("#list");
  box.innerHTML = "";
  const h = document.createElement("h2");
  h.textContent = sv ? "Ordlista" : "Glossary";
  const find = document.createElement("input");
  find.type = "search";
  find.id = "glossary-word";
  find.setAttribute("aria-label", sv ? "Sök ett ord" : "Find a word");
  find.placeholder = sv ? "Sök ett ord" : "Find a word";
  const dl = document.createElement("dl");
  dl.className = "glossary";
  let asked = 0;  // answers may come back out of order: only the last counts
  const fill = async () => {
    const word = find.value.trim();
    const mine = ++asked;
    const j = await call("glossary", word ? { word } : {});
    if (mine !== asked) return;
    dl.innerHTML = "";
    for (const t of j.terms) {
      const dt = document.createElement("dt");
      dt.textContent = t.term + (t.english ? " · " + t.english : "");
      const dd = document.createElement("dd");
      dd.textContent = (t.say ? (sv ? "uttal " : "say ") + t.say + ". " : "") + t.meaning;
      dl.append(dt, dd);
    }
  };
  find.addEventListener("input", () => fill().catch(showError));
  box.append(h, find, dl);
  await fill();
};

ACTIONS.dice = async () =>
  draw(await call("game", { word: "dice", dice: [...document.querySelectorAll("#game-actions .die-pick")].map((s) => Number(s.value)) }));
for (const w of ["roll", "double", "take", "drop", "resign", "one-die", "pass"])
  ACTIONS[w] = async () => draw(await call("game", { word: w }));

// on a phone the places are a menu: opened by its button, closed by a choice
$("#menu-toggle").addEventListener("click", () => {
  const open = document.querySelector("header").classList.toggle("open");
  $("#menu-toggle").setAttribute("aria-expanded", String(open));
});
document.addEventListener("click", (e) => {
  const b = e.target.closest("[data-action]");
  if (!b) return;
  if (b.closest("nav") && !b.closest(".lang")) {
    document.querySelector("header").classList.remove("open");
    $("#menu-toggle").setAttribute("aria-expanded", "false");
  }
  const f = ACTIONS[b.getAttribute("data-action")];
  if (f) f().catch(showError);
});

$("#answer-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const box = $("#play-input");
  const text = box.value.trim();
  if (!text) return;
  box.value = "";
  try { draw(await call("answer", { text })); } catch (err) { showError(err); }
});

// the state the server holds (a reload keeps the learner's place; a job
// under way is waited for)
(async () => {
  const r = await fetch("/api/state", { credentials: "same-origin" });
  const j = await r.json();
  if (r.status === 409 && j.busy) { await waitForJob().catch(showError); return start(); }
  if (!r.ok) throw new Error(j.error || r.statusText);
  draw(j);
})().catch(showError);
async function start() {
  const r = await fetch("/api/state", { credentials: "same-origin" });
  draw(await r.json());
}
