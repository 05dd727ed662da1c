// lpsolve playground: the only script. It steps through solutions one at a time;
// without it the page shows all of them, one after the other.
"use strict";
document.querySelectorAll(".stepper").forEach((section) => {
  const boards = Array.from(section.querySelectorAll("figure.solution"));
  const controls = section.querySelector(".step-controls");
  const position = section.querySelector(".position");
  let shown = 0;
  function show(index) {
    shown = (index + boards.length) % boards.length;
    boards.forEach((board, i) => board.classList.toggle("shown", i === shown));
    position.textContent = `solution ${shown + 1} of ${boards.length}`;
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
