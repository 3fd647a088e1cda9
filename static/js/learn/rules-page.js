// Entry point of the rules pages (/learn/rules/<ruleset>/): draws their pictures.

import { drawPictures } from "./pictures.js";

const rules = document.querySelector("[data-testid=rules]");
const pictures = JSON.parse(document.getElementById("rules-pictures").textContent);
drawPictures(rules, rules.dataset.ruleset, pictures);
