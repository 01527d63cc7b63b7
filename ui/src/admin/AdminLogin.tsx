// Placeholder so the router and the other pages can be built; replaced by the page's real content.
export default function AdminLogin() {
  return (
    <div className="pt-header">
      <section className="container-page section">
        <h1 className="section-title">Admin Login</h1>
      </section>
    </div>
  );
}
