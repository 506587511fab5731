//! Keeps the user's work across reloads: the three editor texts in IndexedDB (snapshots of
//! several megabytes do not fit local storage's quota), written a moment after each edit.

const DB = "mcp-contract-playground";
const STORE = "state";
const KEY = "current";

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function transact(mode, action) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = action(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** The saved `{old, new, config}`, or null (nothing saved, or storage unavailable). */
export async function loadSaved() {
  try {
    const saved = await transact("readonly", (store) => store.get(KEY));
    if (!saved || typeof saved.old !== "string" || typeof saved.new !== "string") return null;
    return { old: saved.old, new: saved.new, config: typeof saved.config === "string" ? saved.config : "" };
  } catch {
    return null;
  }
}

/** Saves the state; false when the browser refuses (private mode, quota). */
export async function save(state) {
  try {
    await transact("readwrite", (store) => store.put({ old: state.old, new: state.new, config: state.config }, KEY));
    return true;
  } catch {
    return false;
  }
}
