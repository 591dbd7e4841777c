export function RouteError() {
  return (
    <main className="page page-narrow" role="alert">
      <h1>Diçka shkoi keq</h1>
      <p>Faqja nuk mund të hapet tani. Rifreskoni faqen ose provoni përsëri pas pak.</p>
      <p>
        <a href="/">Kthehu në ballinë</a>
      </p>
    </main>
  );
}
