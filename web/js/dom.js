// DOM helpers the screens share.

// One list item holding one button, as the lists of books, certificates and puzzles are
// drawn: `test` names it for the tests and is its class; `data` becomes data-* attributes.
export function listButton(list, { test, text, data = {}, className = '', current = false, onClick }) {
  const li = document.createElement('li');
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.test = test;
  Object.assign(button.dataset, data);
  button.className = [test, className, current ? 'current' : ''].filter(Boolean).join(' ');
  button.textContent = text;
  button.addEventListener('click', onClick);
  li.appendChild(button);
  list.appendChild(li);
  return button;
}
