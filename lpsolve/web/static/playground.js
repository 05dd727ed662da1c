// lpsolve playground: the only script. It steps through solutions one at a time;
// without it the page shows all of them, one after the other.
"use strict";
document.querySelectorAll(".stepper").forEach((section) => {
  const boards = Array.from(section.querySelectorAll("figure.solution"));
  const controls = section.querySelector(".step-controls");
  const position = section.querySelector(".position");
  const label = section.dataset.label || "solution";
  let shown = 0;
  function show(index) {
    shown = (index + boards.length) % boards.length;
    boards.forEach((board, i) => board.classList.toggle("shown", i === shown));
    position.textContent = `${label} ${shown + 1} of ${boards.length}`;
  }
  section.querySelectorAll("[data-step]").forEach((button) => {
    button.addEventListener("click", () => show(shown + Number(button.dataset.step)));
  });
  section.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") show(shown + 1);
    if (event.key === "ArrowLeft") show(shown - 1);
  });
  controls.hidden = false;
  section.classList.add("ready");
  show(0);
});

// The workbench's editor: where the cursor is (clingo's messages name lines and
// columns), and a mistake's place selected when the page shows one.
const program = document.getElementById("program");
if (program) {
  const cursor = document.querySelector(".cursor");
  const where = () => {
    const before = program.value.slice(0, program.selectionStart).split("\n");
    cursor.textContent = `line ${before.length}, column ${before[before.length - 1].length + 1}`;
  };
  ["keyup", "click", "focus"].forEach((name) => program.addEventListener(name, where));
  const mistake = document.querySelector(".error[data-line]");
  if (mistake) {
    const lines = program.value.split("\n");
    const line = Math.min(Number(mistake.dataset.line), lines.length);
    let offset = lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0);
    offset += Math.min(Number(mistake.dataset.col) - 1, lines[line - 1].length);
    program.focus();
    program.setSelectionRange(offset, offset + 1);
    where();
  }
}

// The gallery's levels (lpsolve rate) not rated yet: asked for one card at a time,
// so the pictures keep loading meanwhile; a card whose rating runs out shows none.
(async () => {
  for (const card of document.querySelectorAll(".level[data-level]")) {
    try {
      const answer = await fetch(card.dataset.level);
      const found = answer.ok ? await answer.json() : {};
      card.textContent = found.level || "";
    } catch (error) {
      return; // the server is gone: the cards stay without levels
    }
  }
})();
