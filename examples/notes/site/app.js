// The notes page: signs in through /auth/v1 and reads and writes its own rows
// through /rest/v1, with the URL and key Pleat injects as window.__PLEAT_CONFIG__.
const { url, anonKey } = window.__PLEAT_CONFIG__;
const status = document.getElementById('status');
let token = null;

async function call(path, init = {}) {
  const res = await fetch(`${url}${path}`, {
    ...init,
    headers: {
      apikey: anonKey,
      authorization: `Bearer ${token ?? anonKey}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
  const body = res.status === 204 ? null : await res.json();
  if (!res.ok) throw new Error(body?.msg ?? body?.message ?? `HTTP ${res.status}`);
  return body;
}

async function refresh() {
  const notes = await call('/rest/v1/notes?select=id,body,created_at&order=created_at.desc');
  const list = document.getElementById('list');
  list.replaceChildren(
    ...notes.map((n) => {
      const li = document.createElement('li');
      li.textContent = n.body;
      return li;
    }),
  );
}

document.getElementById('sign-in').addEventListener('submit', async (e) => {
  e.preventDefault();
  const form = new FormData(e.target);
  try {
    const session = await call('/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: form.get('email'), password: form.get('password') }),
    });
    token = session.access_token;
    e.target.hidden = true;
    document.getElementById('notes').hidden = false;
    status.textContent = `Signed in as ${session.user.email}`;
    await refresh();
  } catch (err) {
    status.textContent = err.message;
  }
});

document.getElementById('add').addEventListener('submit', async (e) => {
  e.preventDefault();
  const form = new FormData(e.target);
  try {
    await call('/rest/v1/notes', {
      method: 'POST',
      headers: { prefer: 'return=minimal' },
      body: JSON.stringify({ body: form.get('body') }),
    });
    e.target.reset();
    await refresh();
  } catch (err) {
    status.textContent = err.message;
  }
});
