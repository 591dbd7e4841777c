import '../home.css';

const perks = [
  { title: 'Garanci 12 muaj', text: 'për çdo telefon të ri', icon: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5' },
  { title: 'Kthim brenda 14 ditëve', text: 'për produktet e papërdorura', icon: 'M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4' },
  { title: 'Përgjigje brenda 1 ore', text: 'gjatë orarit të punës', icon: 'M12 7v5l3 2M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z' },
  { title: 'Servis në dyqan', text: 'riparime me garanci', icon: 'M14 6a4 4 0 0 0-5 5l-5 5 3 3 5-5a4 4 0 0 0 5-5l-2 2-2-2z' },
];

/** What the shop promises (product.md §9), right under the hero. */
export function Perks() {
  return (
    <ul className="perks" aria-label="Pse të blini te ne">
      {perks.map((p) => (
        <li key={p.title}>
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path d={p.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <div>
            <strong>{p.title}</strong>
            <span>{p.text}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
