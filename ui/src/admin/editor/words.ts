// What the toasts of a list editor say (SPEC §8 words them for hero slides; the other editors follow suit).

export interface EditorWords {
  created: string;
  createFailed: string;
  saved: string;
  saveFailed: string;
  deleted: string;
  deleteFailed: string;
  restored: string;
  reorderFailed: string;
}

/** 'Project saved successfully' / 'Failed to save project' and the rest, for one kind of record. */
export function wordsFor(noun: string): EditorWords {
  const lower = noun.toLowerCase();
  return {
    created: `${noun} created successfully`,
    createFailed: `Failed to create ${lower}`,
    saved: `${noun} saved successfully`,
    saveFailed: `Failed to save ${lower}`,
    deleted: `${noun} deleted`,
    deleteFailed: `Failed to delete ${lower}`,
    restored: `${noun} restored`,
    reorderFailed: `Failed to reorder ${lower}s`,
  };
}
