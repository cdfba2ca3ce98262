/**
 * The command a completion item carries to open the completion list again once it is inserted (after a
 * folder `…/`), as VS Code names it; other clients ignore commands they do not know.
 */
export const RETRIGGER_COMPLETION = { title: "Suggest", command: "editor.action.triggerSuggest" };
