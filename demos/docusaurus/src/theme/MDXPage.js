import Layout from '@theme/Layout';
import Head from '@docusaurus/Head';

// An MDX page in the site's layout (the classic theme has its own; this site has no theme).
export default function MDXPage({ content: MDXContent }) {
  const { title } = MDXContent.metadata;
  return (
    <Layout>
      <Head>
        <title>{title}</title>
      </Head>
      <main>
        <MDXContent />
      </main>
    </Layout>
  );
}
